import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export type MailKind = 'signup' | 'magiclink' | 'recovery' | 'invite' | 'email_change' | 'reauthentication';
/** Mail that only tells the owner something: no link token, no code. */
export type NoticeKind = 'signin_locked' | 'mfa_failures' | 'signup_existing';
export type MailLocale = 'en' | 'he';

export interface OutgoingMail {
  to: string;
  kind: MailKind | NoticeKind;
  locale: MailLocale;
  subject: string;
  text: string;
  html: string;
  /** The link the mail asks to follow (absent for a reauthentication code). */
  link?: string;
  /** The 6-digit code ('' in a notice). */
  code: string;
}

/** Where mail goes: SMTP, files in DATA_DIR/mail, or memory (tests). */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail, from: string): Promise<void>;
  close(): Promise<void>;
}

export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }
  async send(mail: OutgoingMail, from: string) {
    await this.transporter.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
  async close() {
    this.transporter.close();
  }
}

/**
 * The default without SMTP: each mail is written as an .eml (openable in any mail program) and a
 * .json with its link and code, and the link is logged, so a person running SYS locally can
 * follow it.
 */
export class FileOutbox implements MailTransport {
  readonly name = 'file';
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  constructor(
    readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}
  async send(mail: OutgoingMail, from: string) {
    mkdirSync(this.dir, { recursive: true });
    const info = await this.composer.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    const base = `${new Date().toISOString().replaceAll(':', '-')}-${mail.kind}-${Math.random().toString(36).slice(2, 8)}`;
    writeFileSync(join(this.dir, `${base}.eml`), info.message as Buffer);
    writeFileSync(
      join(this.dir, `${base}.json`),
      `${JSON.stringify({ to: mail.to, kind: mail.kind, subject: mail.subject, link: mail.link, code: mail.code, sentAt: new Date().toISOString() }, null, 2)}\n`,
    );
    this.log.info(
      { mail: { to: mail.to, kind: mail.kind, file: join(this.dir, `${base}.eml`) } },
      `mail to ${mail.to}: ${mail.link ?? `code ${mail.code}`}`,
    );
  }
  async close() {}
}

/** Keeps mail in memory: the outbox tests read links and codes from. */
export class MemoryOutbox implements MailTransport {
  readonly name = 'memory';
  readonly messages: OutgoingMail[] = [];
  async send(mail: OutgoingMail) {
    this.messages.push(mail);
  }
  /** The newest mail to `to` (optionally of one kind). */
  latest(to: string, kind?: OutgoingMail['kind']): OutgoingMail | undefined {
    return this.messages.findLast((m) => m.to === to.toLowerCase() && (!kind || m.kind === kind));
  }
  async close() {}
}

interface TemplateText {
  subject: string;
  intro: (vars: TemplateVars) => string;
  button: string;
  outro?: string;
}

interface TemplateVars {
  newEmail?: string;
}

interface LocaleText {
  dir: 'ltr' | 'rtl';
  codeLine: string;
  expires: (hours: number) => string;
  kinds: Record<MailKind, TemplateText>;
}

const TEXTS: Record<MailLocale, LocaleText> = {
  en: {
    dir: 'ltr',
    codeLine: 'Or enter this code:',
    expires: (hours) => `This link expires in ${hours === 1 ? '1 hour' : `${hours} hours`}.`,
    kinds: {
      signup: {
        subject: 'Confirm your SYS account',
        intro: () =>
          'Welcome to SYS - Share Your Style! Confirm your email address to finish creating your account.',
        button: 'Confirm my email',
        outro: 'If you did not sign up for SYS, you can ignore this email.',
      },
      magiclink: {
        subject: 'Your SYS sign-in link',
        intro: () => 'Follow this link to sign in to SYS.',
        button: 'Sign in to SYS',
        outro: 'If you did not ask to sign in, you can ignore this email.',
      },
      recovery: {
        subject: 'Reset your SYS password',
        intro: () =>
          'Someone asked to reset the password of your SYS account. Follow this link to choose a new one.',
        button: 'Choose a new password',
        outro: 'If it was not you, you can ignore this email; your password stays the same.',
      },
      invite: {
        subject: "You're invited to SYS",
        intro: () =>
          'You have been invited to join SYS - Share Your Style. Follow this link to accept and set up your account.',
        button: 'Accept the invitation',
      },
      email_change: {
        subject: 'Confirm your new email address',
        intro: (v) =>
          `Follow this link to confirm ${v.newEmail ?? 'this address'} as the new email address of your SYS account.`,
        button: 'Confirm the new address',
        outro: 'If you did not ask for this change, you can ignore this email.',
      },
      reauthentication: {
        subject: 'Your SYS verification code',
        intro: () => 'Enter this code in SYS to confirm that it is you:',
        button: '',
        outro: 'If you did not ask for a code, you can ignore this email.',
      },
    },
  },
  he: {
    dir: 'rtl',
    codeLine: 'או הזינו את הקוד:',
    expires: (hours) => `הקישור בתוקף ${hours === 1 ? 'לשעה אחת' : `ל-${hours} שעות`}.`,
    kinds: {
      signup: {
        subject: 'אימות החשבון שלכם ב-SYS',
        intro: () =>
          'ברוכים הבאים ל-SYS - Share Your Style! אמתו את כתובת האימייל כדי לסיים את יצירת החשבון.',
        button: 'אימות כתובת האימייל',
        outro: 'אם לא נרשמתם ל-SYS, אפשר להתעלם מהודעה זו.',
      },
      magiclink: {
        subject: 'קישור הכניסה שלכם ל-SYS',
        intro: () => 'לחצו על הקישור כדי להיכנס ל-SYS.',
        button: 'כניסה ל-SYS',
        outro: 'אם לא ביקשתם להיכנס, אפשר להתעלם מהודעה זו.',
      },
      recovery: {
        subject: 'איפוס הסיסמה שלכם ב-SYS',
        intro: () => 'התקבלה בקשה לאפס את הסיסמה של חשבון ה-SYS שלכם. לחצו על הקישור כדי לבחור סיסמה חדשה.',
        button: 'בחירת סיסמה חדשה',
        outro: 'אם לא ביקשתם זאת, אפשר להתעלם מהודעה זו; הסיסמה שלכם לא תשתנה.',
      },
      invite: {
        subject: 'הוזמנתם ל-SYS',
        intro: () =>
          'הוזמנתם להצטרף ל-SYS - Share Your Style. לחצו על הקישור כדי לקבל את ההזמנה ולהגדיר את החשבון.',
        button: 'קבלת ההזמנה',
      },
      email_change: {
        subject: 'אימות כתובת האימייל החדשה',
        intro: (v) =>
          `לחצו על הקישור כדי לאשר את ${v.newEmail ?? 'הכתובת הזו'} ככתובת האימייל החדשה של חשבון ה-SYS שלכם.`,
        button: 'אישור הכתובת החדשה',
        outro: 'אם לא ביקשתם את השינוי, אפשר להתעלם מהודעה זו.',
      },
      reauthentication: {
        subject: 'קוד האימות שלכם ב-SYS',
        intro: () => 'הזינו את הקוד ב-SYS כדי לאשר שזה אתם:',
        button: '',
        outro: 'אם לא ביקשתם קוד, אפשר להתעלם מהודעה זו.',
      },
    },
  },
};

interface NoticeText {
  subject: string;
  intro: string;
  button: string;
  outro: string;
}

/** Where each notice's button leads, on the web app. */
const NOTICE_PATHS: Record<NoticeKind, string> = {
  signin_locked: '/auth/forgot',
  mfa_failures: '/settings/security',
  signup_existing: '/auth?tab=sign-in',
};

const NOTICES: Record<MailLocale, Record<NoticeKind, NoticeText>> = {
  en: {
    signin_locked: {
      subject: 'Signing in to your SYS account is paused',
      intro:
        'Someone entered a wrong password for your SYS account several times, so signing in with a password is paused for a few minutes.',
      button: 'Choose a new password',
      outro:
        'If it was you, wait a few minutes, or choose a new password now: that ends the pause. If it was not you, your account stays safe as long as your password is strong.',
    },
    mfa_failures: {
      subject: 'Wrong verification codes on your SYS account',
      intro:
        'Someone signed in to your SYS account with your password, then entered wrong verification codes several times.',
      button: 'Change my password',
      outro: 'If it was not you, someone knows your password: sign in and change it.',
    },
    signup_existing: {
      subject: 'Someone tried to sign up with your email',
      intro: 'Someone tried to create a SYS account with this email address, which already has one.',
      button: 'Sign in to SYS',
      outro:
        'If it was you, sign in, or reset your password if you forgot it. If not, you can ignore this email.',
    },
  },
  he: {
    signin_locked: {
      subject: 'הכניסה לחשבון ה-SYS שלכם מושהית',
      intro: 'מישהו הזין סיסמה שגויה לחשבון ה-SYS שלכם כמה פעמים, ולכן הכניסה עם סיסמה מושהית לכמה דקות.',
      button: 'בחירת סיסמה חדשה',
      outro:
        'אם זה הייתם אתם, המתינו כמה דקות, או בחרו עכשיו סיסמה חדשה: זה מסיים את ההשהיה. אם לא, החשבון שלכם בטוח כל עוד הסיסמה חזקה.',
    },
    mfa_failures: {
      subject: 'קודי אימות שגויים בחשבון ה-SYS שלכם',
      intro: 'מישהו נכנס לחשבון ה-SYS שלכם עם הסיסמה שלכם, ואז הזין קודי אימות שגויים כמה פעמים.',
      button: 'שינוי הסיסמה',
      outro: 'אם זה לא הייתם אתם, מישהו יודע את הסיסמה שלכם: היכנסו ושנו אותה.',
    },
    signup_existing: {
      subject: 'ניסיון הרשמה עם כתובת האימייל שלכם',
      intro: 'מישהו ניסה ליצור חשבון SYS עם כתובת האימייל הזו, שכבר יש לה חשבון.',
      button: 'כניסה ל-SYS',
      outro: 'אם זה הייתם אתם, היכנסו, או אפסו את הסיסמה אם שכחתם אותה. אם לא, אפשר להתעלם מהודעה זו.',
    },
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const buttonHtml = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#111;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;

const pageHtml = (locale: MailLocale, parts: string[]) => {
  const { dir } = TEXTS[locale];
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.5;direction:${dir}">${parts.join('')}</body></html>`;
};

/** user_metadata.locale picks the language; anything but Hebrew gets English. */
export function mailLocale(userMetadata: Record<string, unknown> | undefined): MailLocale {
  const locale = userMetadata?.locale;
  return typeof locale === 'string' && locale.toLowerCase().startsWith('he') ? 'he' : 'en';
}

export function renderMail(input: {
  to: string;
  kind: MailKind;
  locale: MailLocale;
  link?: string | undefined;
  code: string;
  expiresInHours: number;
  newEmail?: string | undefined;
}): OutgoingMail {
  const texts = TEXTS[input.locale];
  const t = texts.kinds[input.kind];
  const vars = input.newEmail ? { newEmail: input.newEmail } : {};
  const intro = t.intro(vars);
  const textParts = [intro];
  const htmlParts = [`<p>${escapeHtml(intro)}</p>`];
  if (input.link) {
    textParts.push(input.link, `${texts.codeLine} ${input.code}`, texts.expires(input.expiresInHours));
    htmlParts.push(
      buttonHtml(input.link, t.button),
      `<p>${escapeHtml(texts.codeLine)} <strong style="font-size:20px;letter-spacing:4px">${input.code}</strong></p>`,
      `<p style="color:#666">${escapeHtml(texts.expires(input.expiresInHours))}</p>`,
    );
  } else {
    textParts.push(input.code);
    htmlParts.push(`<p><strong style="font-size:24px;letter-spacing:4px">${input.code}</strong></p>`);
  }
  if (t.outro) {
    textParts.push(t.outro);
    htmlParts.push(`<p style="color:#666">${escapeHtml(t.outro)}</p>`);
  }
  const html = pageHtml(input.locale, htmlParts);
  const mail: OutgoingMail = {
    to: input.to,
    kind: input.kind,
    locale: input.locale,
    subject: t.subject,
    text: `${textParts.join('\n\n')}\n`,
    html,
    code: input.code,
  };
  if (input.link) mail.link = input.link;
  return mail;
}

/** A notice to an account's owner; its button leads to the page of the web app at `siteUrl` that helps. */
export function renderNotice(input: {
  to: string;
  kind: NoticeKind;
  locale: MailLocale;
  siteUrl: string;
}): OutgoingMail {
  const t = NOTICES[input.locale][input.kind];
  const link = `${input.siteUrl}${NOTICE_PATHS[input.kind]}`;
  return {
    to: input.to,
    kind: input.kind,
    locale: input.locale,
    subject: t.subject,
    text: `${[t.intro, link, t.outro].join('\n\n')}\n`,
    html: pageHtml(input.locale, [
      `<p>${escapeHtml(t.intro)}</p>`,
      buttonHtml(link, t.button),
      `<p style="color:#666">${escapeHtml(t.outro)}</p>`,
    ]),
    link,
    code: '',
  };
}

export function createMailTransport(
  options: { smtpUrl?: string | undefined; dataDir: string | null },
  log: FastifyBaseLogger,
): MailTransport {
  if (options.smtpUrl) return new SmtpTransport(options.smtpUrl);
  if (options.dataDir) return new FileOutbox(join(options.dataDir, 'mail'), log);
  return new MemoryOutbox();
}
