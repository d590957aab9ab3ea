import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
  randomUUID,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** What the access token says about its holder (GoTrue's access token claims). */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
  /** Set on an aal1 token of a user who has a verified second factor still to present. */
  mfa_pending?: boolean;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

export class KeyConfigError extends Error {
  override name = 'KeyConfigError';
}

/** Reads AUTH_JWT_PRIVATE_KEY: a PEM (PKCS#8 or SEC1) or a JWK in JSON, which must be a P-256 key. */
function parsePrivateKey(text: string): { key: KeyObject; kid?: string } {
  const trimmed = text.trim();
  let key: KeyObject;
  let kid: string | undefined;
  try {
    if (trimmed.startsWith('{')) {
      const jwk = JSON.parse(trimmed) as JWK & { kid?: string };
      kid = jwk.kid;
      key = createPrivateKey({ key: jwk as never, format: 'jwk' });
    } else {
      // Environment variables often carry PEMs with literal "\n".
      key = createPrivateKey(trimmed.replaceAll('\\n', '\n'));
    }
  } catch (error) {
    throw new KeyConfigError(
      `AUTH_JWT_PRIVATE_KEY is neither a PEM nor a JWK private key: ${(error as Error).message}`,
    );
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new KeyConfigError('AUTH_JWT_PRIVATE_KEY must be an EC P-256 key (ES256)');
  }
  return kid ? { key, kid } : { key };
}

/**
 * The key made on first start when none is configured. Written exclusively so that two processes
 * starting on the same DATA_DIR end up with the same key.
 */
function loadOrCreateKeyFile(dataDir: string): string {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'jwt-es256.json');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    const text = JSON.stringify(jwk);
    try {
      writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
      return text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
      throw error;
    }
  }
}

export interface KeySource {
  authJwtPrivateKey?: string | undefined;
  dataDir: string | null;
}

export async function loadSigningKey(source: KeySource): Promise<SigningKey & { origin: string }> {
  let text: string;
  let origin: string;
  if (source.authJwtPrivateKey) {
    text = source.authJwtPrivateKey;
    origin = 'AUTH_JWT_PRIVATE_KEY';
  } else if (source.dataDir) {
    text = loadOrCreateKeyFile(source.dataDir);
    origin = join(source.dataDir, 'keys', 'jwt-es256.json');
  } else {
    text = JSON.stringify(
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    );
    origin = 'ephemeral';
  }
  const { key, kid: givenKid } = parsePrivateKey(text);
  const publicKey = createPublicKey(key);
  const exported = publicKey.export({ format: 'jwk' }) as JWK;
  const publicJwk: JWK = { kty: exported.kty, crv: exported.crv, x: exported.x, y: exported.y };
  const kid = givenKid ?? (await calculateJwkThumbprint(publicJwk));
  return {
    kid,
    privateKey: key,
    publicKey,
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true },
    origin,
  };
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Signs and checks access tokens. Checking needs no database: the key is in memory. */
export class TokenService {
  constructor(
    private readonly key: SigningKey,
    readonly issuer: string,
    readonly expirySeconds: number,
  ) {}

  get jwks(): { keys: JWK[] } {
    return { keys: [this.key.publicJwk] };
  }

  /** Returns the token and its expiry (seconds since the epoch). */
  async signAccessToken(
    claims: Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'>,
    nowMs: number,
  ): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(nowMs / 1000);
    const expiresAt = iat + this.expirySeconds;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: this.key.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(this.key.privateKey);
    return { token, expiresAt };
  }

  /** Signs a long-lived service_role token (admin CLI, scripts). */
  async signServiceRoleToken(nowMs: number, lifetimeSeconds: number): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid: this.key.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .sign(this.key.privateKey);
  }

  /** Verifies signature, algorithm, issuer and expiry. Throws InvalidTokenError with the reason. */
  async verify(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: ['ES256'],
        issuer: this.issuer,
      });
      return payload;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const reason =
        code === 'ERR_JWT_EXPIRED'
          ? 'token has invalid claims: token is expired'
          : code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
            ? 'token signature is invalid'
            : (error as Error).message;
      throw new InvalidTokenError(reason);
    }
  }

  /** A user's access token: also requires the user claims this service puts in. */
  async verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    const payload = await this.verify(token);
    if (typeof payload.sub !== 'string' || !isUuid(payload.sub)) {
      throw new InvalidTokenError('invalid claim: sub claim must be a UUID');
    }
    if (typeof payload.session_id !== 'string' || !isUuid(payload.session_id)) {
      throw new InvalidTokenError('invalid claim: session_id claim must be a UUID');
    }
    return payload as AccessTokenClaims;
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_RE.test(value);

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** 256 random bits, URL-safe. Used for refresh tokens and email link tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

export const randomCode = (digits = 6) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export const newId = () => randomUUID();

/**
 * Encrypts a refresh token's successor under a key derived from the token itself (AES-256-GCM).
 * Only someone who presents the predecessor can read the successor back, so the database never
 * holds a usable refresh token.
 */
export function sealSuccessor(predecessor: string, successor: string): string {
  const key = createHash('sha256').update(`sys-refresh-successor:${predecessor}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openSuccessor(predecessor: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const key = createHash('sha256').update(`sys-refresh-successor:${predecessor}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** PKCE (RFC 7636): the verifier must hash (S256) or equal (plain) the stored challenge. */
export function pkceMatches(verifier: string, challenge: string, method: string): boolean {
  if (method.toLowerCase() === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
