import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApps, type TestApps } from '../../test/context.ts';
import type { MemoryOutbox } from './auth.mailer.ts';
import { totp } from './auth.mfa.ts';
import {
  API_VERSION,
  type AuthTestApp,
  createAuthTestApp,
  PASSWORD,
  RELAXED_RATE_LIMITS,
} from './auth.test-helpers.ts';

/**
 * Per-account lockouts (AUTH_LOCKOUT), on two server instances sharing one database, each request
 * from its own client address (X-Forwarded-For from the loopback proxy): the per-address limits
 * never meet these guesses, only the account's count does. The auth clock is the tests' own.
 */

const LOCKOUT = {
  password: { failures: 3, windowSeconds: 3600, lockSeconds: 60, maxLockSeconds: 600 },
  mfa: { failures: 3, windowSeconds: 3600, lockSeconds: 30, maxLockSeconds: 120 },
};

let clock = Date.now();
let cluster: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  cluster = await createTestApps(
    2,
    { authRateLimits: RELAXED_RATE_LIMITS, authLockout: LOCKOUT, siteUrl: 'http://localhost:5173' },
    { authNow: () => clock },
  );
  [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
});
afterAll(() => cluster.close());

let nextAddress = 1;
/** A client address never used before in this file. */
const freshAddress = () => {
  const n = nextAddress++;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
};

async function call(
  app: FastifyInstance,
  options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; token?: string; ip?: string },
) {
  const response = await app.inject({
    method: options.method,
    url: options.url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      ...API_VERSION,
      'x-forwarded-for': options.ip ?? freshAddress(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  await app.services.auth.background.idle();
  return response;
}

const signIn = (app: FastifyInstance, email: string, password: string, ip?: string) =>
  call(app, {
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
    ...(ip ? { ip } : {}),
  });

/** Every mail either instance sent to `to` (of `kind`). */
const mailTo = (to: string, kind?: string) =>
  [a, b]
    .flatMap((app) => (app.services.auth.mail as MemoryOutbox).messages)
    .filter((m) => m.to === to && (!kind || m.kind === kind));

async function createAccount(email: string, data: Record<string, unknown> = {}) {
  await a.services.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: data,
  });
}

/** `count` wrong passwords for `email`, alternating instances, each from a new address. */
async function guess(email: string, count: number) {
  const answers: { status: number; body: string; type: unknown }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await signIn(i % 2 === 0 ? a : b, email, `guess number ${i}`);
    answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
  }
  return answers;
}

describe('password guessing spread over many addresses', () => {
  const victim = 'lea@example.com';
  let known: Awaited<ReturnType<typeof guess>>;

  beforeAll(async () => {
    await createAccount(victim, { locale: 'he' });
    known = await guess(victim, 20);
  });

  it('is refused after the threshold, on both instances, and even the right password is', async () => {
    expect(known.map((r) => r.status)).toEqual([...Array(3).fill(400), ...Array(17).fill(429)]);
    expect(JSON.parse(known[0]!.body)).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    expect(JSON.parse(known[3]!.body)).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const right = await signIn(b, victim, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.body).not.toContain('access_token');
  });

  it('tells the owner once, in their language', () => {
    const mails = mailTo(victim);
    expect(mails.map((m) => m.kind)).toEqual(['signin_locked']);
    expect(mails[0]!.locale).toBe('he');
    expect(mails[0]!.subject).toBe('הכניסה לחשבון ה-SYS שלכם מושהית');
    expect(mails[0]!.link).toBe('http://localhost:5173/auth/forgot');
    expect(mails[0]!.text).toContain(mails[0]!.link!);
  });

  it('answers an unknown address exactly alike, byte for byte, and mails no one', async () => {
    const unknown = await guess('nobody-here@example.com', 20);
    expect(unknown).toEqual(known);
    expect(mailTo('nobody-here@example.com')).toEqual([]);
  });

  it('lets the owner in through a password reset, which ends the lock', async () => {
    // A locked account of its own: the tests above read the lock of theirs.
    const victim = 'lia@example.com';
    await createAccount(victim);
    expect((await guess(victim, 4)).map((r) => r.status)).toEqual([400, 400, 400, 429]);
    const recover = await call(b, { method: 'POST', url: '/auth/v1/recover', payload: { email: victim } });
    expect(recover.statusCode).toBe(200);
    const link = new URL(mailTo(victim, 'recovery').at(-1)!.link!);
    const verified = await call(a, {
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'recovery', token_hash: link.searchParams.get('token_hash') },
    });
    const token = verified.json().access_token as string;
    expect(token).toBeTruthy();
    const update = await call(a, {
      method: 'PUT',
      url: '/auth/v1/user',
      token,
      payload: { password: 'a brand new password' },
    });
    expect(update.statusCode).toBe(200);
    expect((await signIn(b, victim, 'a brand new password')).statusCode).toBe(200);
    // The run is over: wrong passwords count from zero again.
    expect((await guess(victim, 3)).map((r) => r.status)).toEqual([400, 400, 400]);
    expect(mailTo(victim, 'signin_locked')).toHaveLength(2);
  });
});

describe('the lock on password sign-in', () => {
  it('ends after its time, doubles with each further failure, and a right password starts over', async () => {
    const email = 'max@example.com';
    await createAccount(email);
    expect((await guess(email, 4)).map((r) => r.status)).toEqual([400, 400, 400, 429]);
    clock += 60_000;
    // The lock is over; one more wrong password locks for twice as long.
    expect((await signIn(a, email, 'still wrong')).statusCode).toBe(400);
    clock += 60_000;
    expect((await signIn(b, email, PASSWORD)).statusCode).toBe(429);
    clock += 60_000;
    expect((await signIn(b, email, PASSWORD)).statusCode).toBe(200);
    expect((await guess(email, 4)).map((r) => r.status)).toEqual([400, 400, 400, 429]);
    expect(mailTo(email, 'signin_locked')).toHaveLength(2);
  });

  it('holds for a burst of concurrent guesses: only the threshold gets through', async () => {
    const email = 'burst@example.com';
    await createAccount(email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(i % 2 ? a : b, email, `parallel guess ${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, ...Array(7).fill(429)]);
  });
});

describe('right passwords at once (several devices signing in), on the real clock', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('are all answered with a session: attempts counted a moment apart lock nothing', async () => {
    await t.signUp('devices@example.com');
    for (let round = 0; round < 5; round++) {
      // Fewer than the threshold (5): attempts under way count until they succeed.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.call({
            method: 'POST',
            url: '/auth/v1/token?grant_type=password',
            payload: { email: 'devices@example.com', password: PASSWORD },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    }
  });
});

describe('TOTP codes guessed by someone who has the password', () => {
  /** An account with a verified TOTP factor: each test has its own, so none meets another's lock. */
  interface Owner {
    email: string;
    factorId: string;
    secret: string;
  }

  const session = async (owner: Owner | string, ip: string) => {
    const email = typeof owner === 'string' ? owner : owner.email;
    const res = await signIn(a, email, PASSWORD, ip);
    expect(res.statusCode).toBe(200);
    return res.json().access_token as string;
  };
  const challenge = async (owner: Pick<Owner, 'factorId'>, token: string, ip: string) => {
    const res = await call(b, {
      method: 'POST',
      url: `/auth/v1/factors/${owner.factorId}/challenge`,
      token,
      ip,
    });
    return res.json().id as string;
  };
  const verify = (
    owner: Pick<Owner, 'factorId'>,
    token: string,
    challengeId: string,
    code: string,
    ip: string,
  ) =>
    call(a, {
      method: 'POST',
      url: `/auth/v1/factors/${owner.factorId}/verify`,
      token,
      ip,
      payload: { challenge_id: challengeId, code },
    });
  const wrongCode = (owner: Owner) => (totp(owner.secret, clock) === '000000' ? '111111' : '000000');

  async function ownerWithFactor(email: string): Promise<Owner> {
    await createAccount(email);
    const ip = freshAddress();
    const token = await session(email, ip);
    const enrolled = await call(a, {
      method: 'POST',
      url: '/auth/v1/factors',
      token,
      payload: { factor_type: 'totp', friendly_name: 'phone' },
    });
    const owner = { email, factorId: enrolled.json().id, secret: enrolled.json().totp.secret };
    const passed = await verify(
      owner,
      token,
      await challenge(owner, token, ip),
      totp(owner.secret, clock),
      ip,
    );
    expect(passed.statusCode).toBe(200);
    return owner;
  }

  it("lock the attacker's session, never the owner's", async () => {
    const owner = await ownerWithFactor('tom@example.com');
    const attackerIp = freshAddress();
    const attacker = await session(owner, attackerIp);
    const attempt = await challenge(owner, attacker, attackerIp);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await verify(owner, attacker, attempt, wrongCode(owner), attackerIp)).statusCode);
    expect(answers).toEqual([422, 422, 422]);
    // The right code is refused in that session now...
    const locked = await verify(owner, attacker, attempt, totp(owner.secret, clock), attackerIp);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('over_request_rate_limit');
    for (let i = 0; i < 6; i++) await verify(owner, attacker, attempt, wrongCode(owner), attackerIp);
    // ...while the owner, signing in on their own, passes their factor at once.
    const ownerIp = freshAddress();
    const own = await session(owner, ownerIp);
    const passed = await verify(
      owner,
      own,
      await challenge(owner, own, ownerIp),
      totp(owner.secret, clock),
      ownerIp,
    );
    expect(passed.statusCode).toBe(200);
    expect(passed.json().access_token).toBeTruthy();
    expect(mailTo(owner.email, 'mfa_failures')).toHaveLength(1);
  });

  it('lock each new session of the attacker after one wrong code, for at most the longest lock', async () => {
    const owner = await ownerWithFactor('tim@example.com');
    const ip = freshAddress();
    // Enough wrong codes that the doubling would pass the longest lock many times over.
    for (let round = 0; round < 7; round++) {
      const attacker = await session(owner, ip);
      const attempt = await challenge(owner, attacker, ip);
      expect((await verify(owner, attacker, attempt, wrongCode(owner), ip)).statusCode).toBe(422);
      if (round < 2) continue;
      expect((await verify(owner, attacker, attempt, wrongCode(owner), ip)).statusCode).toBe(429);
    }
    const attacker = await session(owner, ip);
    const attempt = await challenge(owner, attacker, ip);
    for (let i = 0; i < 8; i++) await verify(owner, attacker, attempt, wrongCode(owner), ip);
    expect((await verify(owner, attacker, attempt, totp(owner.secret, clock), ip)).statusCode).toBe(429);
    clock += LOCKOUT.mfa.maxLockSeconds * 1000;
    const fresh = await challenge(owner, attacker, ip);
    expect((await verify(owner, attacker, fresh, totp(owner.secret, clock), ip)).statusCode).toBe(200);
  });
});
