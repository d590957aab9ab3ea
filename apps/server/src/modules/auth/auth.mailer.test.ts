import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileOutbox, type MailKind, renderMail } from './auth.mailer.ts';
import { type AuthTestApp, createAuthTestApp } from './auth.test-helpers.ts';

const KINDS: MailKind[] = ['signup', 'magiclink', 'recovery', 'invite', 'email_change', 'reauthentication'];

describe('mail templates', () => {
  it('exist in English and Hebrew for every kind, with the link and the code', () => {
    for (const locale of ['en', 'he'] as const) {
      const subjects = new Set<string>();
      for (const kind of KINDS) {
        const link =
          kind === 'reauthentication'
            ? undefined
            : 'https://sys.example/auth/v1/verify?token=t&type=x&redirect_to=y';
        const mail = renderMail({
          to: 'a@example.com',
          kind,
          locale,
          link,
          code: '123456',
          expiresInHours: 1,
          newEmail: 'b@example.com',
        });
        subjects.add(mail.subject);
        expect(mail.text).toContain('123456');
        expect(mail.html).toContain(locale === 'he' ? 'dir="rtl"' : 'dir="ltr"');
        if (link) {
          expect(mail.text).toContain(link);
          // The link is HTML-escaped in the markup.
          expect(mail.html).toContain('token=t&amp;type=x');
        }
      }
      expect(subjects.size).toBe(KINDS.length);
    }
  });
});

describe('the file outbox (no SMTP_URL)', () => {
  it('writes each mail as .eml and .json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sys-mail-'));
    try {
      const outbox = new FileOutbox(dir, pino({ level: 'silent' }));
      const mail = renderMail({
        to: 'a@example.com',
        kind: 'recovery',
        locale: 'en',
        link: 'http://x/verify',
        code: '654321',
        expiresInHours: 1,
      });
      await outbox.send(mail, 'SYS <no-reply@localhost>');
      const files = readdirSync(dir).sort();
      expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      const json = JSON.parse(readFileSync(join(dir, files.find((f) => f.endsWith('.json'))!), 'utf8'));
      expect(json).toMatchObject({
        to: 'a@example.com',
        kind: 'recovery',
        link: 'http://x/verify',
        code: '654321',
      });
      const eml = readFileSync(join(dir, files.find((f) => f.endsWith('.eml'))!), 'utf8');
      expect(eml).toContain('Subject: Reset your SYS password');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SMTP (SMTP_URL)', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let t: AuthTestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createAuthTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
      mailFrom: 'SYS <no-reply@sys.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the recovery mail through the SMTP server', async () => {
    await t.signUp('smtp@example.com');
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/recover',
      payload: { email: 'smtp@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: smtp@example.com');
    expect(received[0]).toContain('From: SYS <no-reply@sys.test>');
    expect(received[0]).toContain('Subject: Reset your SYS password');
  });
});
