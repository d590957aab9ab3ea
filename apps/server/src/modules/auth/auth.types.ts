import type { FastifyBaseLogger } from 'fastify';
import type { AuthSessionRow, AuthUserRow } from '../../db/schema/auth.ts';
import type { BackgroundTasks } from './auth.background.ts';
import type { MailTransport } from './auth.mailer.ts';
import type { AuthRateLimiter } from './auth.rate-limit.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { AccountThrottle } from './auth.throttle.ts';
import type { AccessTokenClaims, TokenService } from './auth.tokens.ts';

/** The types every part of the auth service shares (auth.service.ts re-exports the public ones). */

export interface AuthSettings {
  /** The web app's base URL (no trailing slash): mail links' default target and redirect fallback. */
  siteUrl: string;
  /** This service's public base URL, e.g. https://sys.example/auth/v1. */
  apiUrl: string;
  confirmEmail: boolean;
  /** No new accounts but those of the admin API (GoTrue's DISABLE_SIGNUP). */
  disableSignup: boolean;
  passwordMinLength: number;
  securePasswordChange: boolean;
  refreshReuseIntervalMs: number;
  /** Redirect targets allowed besides the site's own origin. */
  redirectAllowList: RegExp[];
  mailFrom: string;
}

/** What the HTTP layer knows about the caller. */
export interface RequestInfo {
  ip: string;
  userAgent?: string | undefined;
  /** `redirect_to` from the query string, unchecked. */
  redirectTo?: string | undefined;
}

/** An authenticated caller of /auth/v1: a valid access token of a live session. */
export interface AuthContext {
  claims: AccessTokenClaims;
  user: AuthUserRow;
  session: AuthSessionRow;
}

export interface AuthHooks {
  /** A session was issued; the profile bootstrap creates the user's profile here. */
  onSessionStarted?(user: AuthUserRow): Promise<void>;
  /** A soft delete kept the auth row; the user's public traces must go. */
  onUserSoftDeleted?(userId: string): Promise<void>;
  /**
   * An account is about to be deleted, hard or soft. What must go with it that the database's foreign keys
   * do not take (the stored files, caches) is collected now, while the rows still say what it is, and done
   * by the returned function once the deletion has committed.
   */
  beforeUserDeleted?(userId: string): Promise<() => Promise<void>>;
}

export type Clock = () => number;

/** Where a mail link leads and how: redirect target, PKCE challenge, the new address of a change. */
export interface LinkOptions {
  redirectTo?: string | undefined;
  pkce?: { code_challenge?: string | undefined; code_challenge_method?: string | undefined } | undefined;
  newEmail?: string | undefined;
}

/** What every part of the auth service works with, given once to each part (AuthService builds it). */
export interface AuthDeps {
  repo: AuthRepository;
  tokens: TokenService;
  mail: MailTransport;
  limiter: AuthRateLimiter;
  throttle: AccountThrottle;
  background: BackgroundTasks;
  settings: AuthSettings;
  log: FastifyBaseLogger;
  hooks: AuthHooks;
  now: Clock;
}
