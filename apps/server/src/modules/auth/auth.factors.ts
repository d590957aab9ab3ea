import { forbidden, notFound, unprocessable, validationFailed } from './auth.errors.ts';
import type { MailLinks } from './auth.links.ts';
import { generateTotpSecret, otpauthUri, qrCodeSvg, verifyTotp } from './auth.mfa.ts';
import type { EnrollBody, VerifyFactorBody } from './auth.schemas.ts';
import type { SessionService } from './auth.sessions.ts';
import { isUuid, randomToken, sha256Hex } from './auth.tokens.ts';
import type { AuthContext, AuthDeps, RequestInfo } from './auth.types.ts';

const MFA_CHALLENGE_LIFETIME_MS = 300_000;
const MAX_FACTORS = 10;

/**
 * MFA with TOTP: enrolling a factor, challenging and verifying it (which raises the session to aal2)
 * and unenrolling it.
 */
export class FactorService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly links: MailLinks,
    private readonly sessions: SessionService,
  ) {}

  private date() {
    return new Date(this.deps.now());
  }

  async enrollFactor(auth: AuthContext, body: EnrollBody) {
    if (body.factor_type === 'phone') {
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    }
    if (body.factor_type === 'webauthn') {
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    if (body.factor_type !== 'totp') {
      throw validationFailed('factor_type needs to be totp, phone, or webauthn');
    }
    const { user, session } = auth;
    const friendlyName = body.friendly_name?.trim() || null;
    const factors = await this.deps.repo.factors.findFactors(user.id);
    const now = this.deps.now();
    // Enrolments left unverified for longer than a challenge lives are abandoned: drop them.
    const live = [];
    for (const factor of factors) {
      if (factor.status !== 'verified' && factor.created_at.getTime() + MFA_CHALLENGE_LIFETIME_MS < now) {
        await this.deps.repo.factors.deleteFactor(factor.id);
      } else {
        live.push(factor);
      }
    }
    if (friendlyName && live.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    if (live.length >= MAX_FACTORS) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (live.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const issuer = body.issuer?.trim() || new URL(this.deps.settings.siteUrl).host;
    const secret = generateTotpSecret();
    const uri = otpauthUri(issuer, user.email ?? user.id, secret);
    const factor = await this.deps.repo.factors.insertFactor({
      user_id: user.id,
      friendly_name: friendlyName,
      factor_type: 'totp',
      status: 'unverified',
      secret,
      created_at: this.date(),
      updated_at: this.date(),
    });
    return {
      id: factor.id,
      type: 'totp' as const,
      friendly_name: factor.friendly_name ?? '',
      totp: { qr_code: await qrCodeSvg(uri), secret, uri },
    };
  }

  private async ownedFactor(auth: AuthContext, factorId: string) {
    if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const factor = await this.deps.repo.factors.findFactor(auth.user.id, factorId);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  async challengeFactor(auth: AuthContext, factorId: string, info: RequestInfo) {
    const factor = await this.ownedFactor(auth, factorId);
    const now = this.date();
    const challenge = await this.deps.repo.factors.insertChallenge({
      factor_id: factor.id,
      ip_address: info.ip,
      created_at: now,
    });
    await this.deps.repo.factors.updateFactor(factor.id, { last_challenged_at: now }, now);
    return {
      id: challenge.id,
      type: factor.factor_type,
      expires_at: Math.floor((now.getTime() + MFA_CHALLENGE_LIFETIME_MS) / 1000),
    };
  }

  async verifyFactor(auth: AuthContext, factorId: string, body: VerifyFactorBody, info: RequestInfo) {
    const factor = await this.ownedFactor(auth, factorId);
    // Per address here; per session and user below (a lock that never shuts the owner out).
    await this.deps.limiter.consume('otp', `mfa:${info.ip}`);
    if (!body.code) throw validationFailed('Code needs to be non-empty');
    if (!body.challenge_id || !isUuid(body.challenge_id))
      throw validationFailed('challenge_id must be an UUID');
    const challenge = await this.deps.repo.factors.findChallenge(factor.id, body.challenge_id);
    if (!challenge) {
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (challenge.verified_at || challenge.ip_address !== info.ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (challenge.created_at.getTime() + MFA_CHALLENGE_LIFETIME_MS < this.deps.now()) {
      await this.deps.repo.factors.deleteChallenge(challenge.id);
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    await this.deps.throttle.beginTotp(auth.session.id);
    if (!verifyTotp(factor.secret, body.code.trim(), this.deps.now())) {
      if (await this.deps.throttle.totpFailed(auth.user.id, auth.session.id))
        this.links.notify(auth.user, 'mfa_failures');
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await this.deps.throttle.totpPassed(auth.user.id, auth.session.id);
    const now = this.date();
    return this.deps.repo.transaction(async (repo) => {
      if (!(await repo.factors.consumeChallenge(challenge.id, now))) {
        throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      }
      if (factor.status !== 'verified')
        await repo.factors.updateFactor(factor.id, { status: 'verified' }, now);
      await repo.factors.deleteUnverifiedFactors(auth.user.id, factor.id);
      await repo.sessions.addAmrClaim(auth.session.id, 'totp', now);
      const session = await repo.sessions.updateSession(
        auth.session.id,
        { aal: 'aal2', factor_id: factor.id },
        now,
      );
      if (!session)
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
      // The raised session gets a new refresh token: a token taken before the second factor
      // must not keep refreshing into aal2 tokens.
      await repo.sessions.revokeSessionTokens(session.id, now);
      const refreshToken = randomToken();
      await repo.sessions.insertRefreshToken({
        token_hash: sha256Hex(refreshToken),
        session_id: session.id,
        user_id: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      // As GoTrue does: once a factor is verified, the user's other single-factor sessions end.
      await repo.sessions.deleteUserSessions(auth.user.id, session.id, 'aal1');
      const user = (await repo.users.findUserById(auth.user.id)) ?? auth.user;
      return this.sessions.sessionJson(repo, user, session, refreshToken);
    });
  }

  async unenrollFactor(auth: AuthContext, factorId: string) {
    const factor = await this.ownedFactor(auth, factorId);
    // Stricter than GoTrue (which looks at this factor only): once any factor is verified, only a
    // session that passed it may change the user's factors.
    const factors = await this.deps.repo.factors.findFactors(auth.user.id);
    if (factors.some((f) => f.status === 'verified') && auth.session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await this.deps.repo.transaction(async (repo) => {
      await repo.sessions.downgradeSessionsOfFactor(factor.id, this.date());
      await repo.factors.deleteFactor(factor.id);
    });
    return { id: factor.id };
  }
}
