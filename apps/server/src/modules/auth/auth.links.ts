import type { AuthUserRow } from '../../db/schema/auth.ts';
import { AuthError, validationFailed } from './auth.errors.ts';
import { type MailKind, mailLocale, type NoticeKind, renderMail, renderNotice } from './auth.mailer.ts';
import {
  FLOW_METHOD,
  INVITE_LIFETIME_MS,
  LINK_LIFETIME_MS,
  PKCE_PREFIX,
  resolveRedirect,
} from './auth.shared.ts';
import { newId, randomCode, randomToken, sha256Hex } from './auth.tokens.ts';
import type { AuthDeps, LinkOptions } from './auth.types.ts';

/**
 * A recovery mail's link: the site's page itself, carrying the token for the page to redeem with
 * POST /verify (auth-js `verifyOtp({ token_hash, type })`), as GoTrue's token-hash templates do. It
 * works in any browser (a phone's mail app, a second device), where /verify's PKCE redirect needs the
 * code verifier kept by the browser that asked; and a mail scanner that fetches the link spends nothing.
 */
export function tokenHashLink(redirectTo: string, token: string, type: MailKind): string {
  const url = new URL(redirectTo);
  url.hash = '';
  url.searchParams.set('token_hash', token);
  url.searchParams.set('type', type);
  return url.toString();
}

/** The mail of the auth service: links and codes (sign-up, magic link, recovery, invite, email change, reauthentication) and notices. */
export class MailLinks {
  constructor(private readonly deps: AuthDeps) {}

  private date() {
    return new Date(this.deps.now());
  }

  /**
   * Creates a link token and 6-digit code of `kind` for the user, records the flow state for
   * PKCE, and mails them (`later`: after the answer, a failure only logged). Earlier tokens of the
   * same kind stop working. Returns the updated user.
   */
  async sendLink(
    user: AuthUserRow,
    kind: MailKind,
    options: LinkOptions,
    later = false,
  ): Promise<AuthUserRow> {
    const to = options.newEmail ?? user.email;
    if (!to) throw validationFailed('An email address is required');
    await this.deps.limiter.consume('email', to);
    return this.mailLink(user, kind, options, later);
  }

  /**
   * All of sendLink after the answer, for requests whose answer must not tell whether the address
   * has an account: the caller counts the mail limit for every address, known or not.
   */
  mailLater(user: AuthUserRow, kind: MailKind, options: LinkOptions) {
    this.deps.background.run(`${kind} link`, () => this.mailLink(user, kind, options, true));
  }

  /** Tells the owner something after the answer (a notice carries no token: nothing else changes). */
  notify(user: AuthUserRow, kind: NoticeKind) {
    if (!user.email) return;
    const mail = renderNotice({
      to: user.email,
      kind,
      locale: mailLocale(user.raw_user_meta_data),
      siteUrl: this.deps.settings.siteUrl,
    });
    this.deps.background.run(`sending ${kind} mail`, () =>
      this.deps.mail.send(mail, this.deps.settings.mailFrom),
    );
  }

  /** sendLink without the mail limit, which the caller has counted already. */
  async mailLink(
    user: AuthUserRow,
    kind: MailKind,
    options: LinkOptions,
    later: boolean,
  ): Promise<AuthUserRow> {
    const to = options.newEmail ?? user.email ?? '';
    const link = await this.createLink(user, kind, options);
    const mail = renderMail({
      to,
      kind,
      locale: mailLocale(user.raw_user_meta_data),
      link:
        kind === 'reauthentication'
          ? undefined
          : kind === 'recovery'
            ? tokenHashLink(link.redirectTo, link.token, kind)
            : link.actionLink,
      code: link.code,
      expiresInHours: Math.round((kind === 'invite' ? INVITE_LIFETIME_MS : LINK_LIFETIME_MS) / 3600_000),
      newEmail: options.newEmail,
    });
    if (later) {
      this.deps.background.run(`sending ${kind} mail`, () =>
        this.deps.mail.send(mail, this.deps.settings.mailFrom),
      );
      return link.user;
    }
    try {
      await this.deps.mail.send(mail, this.deps.settings.mailFrom);
    } catch (error) {
      this.deps.log.error({ err: error }, `sending ${kind} mail failed`);
      throw new AuthError(
        500,
        'unexpected_failure',
        `Error sending ${kind === 'signup' ? 'confirmation' : kind} email`,
      );
    }
    return link.user;
  }

  /** The token, code and action link of `kind` (also what admin generate_link returns). */
  async createLink(user: AuthUserRow, kind: MailKind, options: LinkOptions) {
    const now = this.date();
    const pkce =
      options.pkce?.code_challenge && options.pkce.code_challenge_method ? options.pkce : undefined;
    const token = `${pkce ? PKCE_PREFIX : ''}${randomToken()}`;
    const code = randomCode();
    const redirectTo = resolveRedirect(this.deps.settings, options.redirectTo);
    const tokenType = kind;
    const sentAtField = {
      signup: 'confirmation_sent_at',
      invite: 'confirmation_sent_at',
      magiclink: 'recovery_sent_at',
      recovery: 'recovery_sent_at',
      email_change: 'email_change_sent_at',
      reauthentication: 'reauthentication_sent_at',
    } as const;
    const updated = await this.deps.repo.transaction(async (repo) => {
      await repo.oneTime.deleteOneTimeTokens(user.id, [tokenType]);
      await repo.oneTime.insertOneTimeToken({
        user_id: user.id,
        token_type: tokenType,
        token_hash: sha256Hex(token),
        code_hash: sha256Hex(`${user.id}:${code}`),
        relates_to: options.newEmail ?? user.email ?? '',
        created_at: now,
      });
      if (pkce?.code_challenge && pkce.code_challenge_method) {
        await repo.oneTime.insertFlowState({
          user_id: user.id,
          auth_code: newId(),
          code_challenge: pkce.code_challenge,
          code_challenge_method: pkce.code_challenge_method.toLowerCase(),
          authentication_method: FLOW_METHOD[kind] ?? kind,
          created_at: now,
          updated_at: now,
        });
      }
      const patch: Partial<AuthUserRow> = { [sentAtField[kind]]: now };
      if (kind === 'email_change') patch.email_change = options.newEmail ?? null;
      return repo.users.updateUser(user.id, patch, now);
    });
    const query = new URLSearchParams({ token, type: kind, redirect_to: redirectTo });
    return {
      user: updated,
      token,
      code,
      redirectTo,
      actionLink: `${this.deps.settings.apiUrl}/verify?${query.toString()}`,
    };
  }
}
