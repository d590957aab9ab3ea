import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadSigningKey, TokenService } from '../../apps/server/src/modules/auth/auth.tokens.ts';

/** Headers the auth service (GoTrue-compatible, /auth/v1) expects from its clients. */
export const AUTH_HEADERS = { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' };

/**
 * Signs up a fresh user on a running server (address `baseUrl`) and returns its access token. Addresses
 * are under `.invalid` (never mailed) and unique per call, so benchmarks can run again on one database.
 */
export async function signUp(baseUrl: string): Promise<string> {
  const email = `bench-viewer-${Date.now()}-${randomBytes(3).toString('hex')}@bench.invalid`;
  const res = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: AUTH_HEADERS,
    body: JSON.stringify({ email, password: 'bench password 1' }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error('sign-up gave no access token (is AUTH_CONFIRM_EMAIL on?)');
  return body.access_token;
}

/** A P-256 private key (JWK as JSON) to start the server with (AUTH_JWT_PRIVATE_KEY), so `signTokensFor` can sign for it. */
export function benchSigningKey(): string {
  return JSON.stringify(
    generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
  );
}

/**
 * Access tokens for existing profiles (the generated creators, who have no password), signed with the
 * server's key `privateKey` and shaped like `sample`, a token the server issued (issuer, audience, role);
 * each with its profile's id and a session of its own, written into the database at `databaseUrl` (the
 * data API refuses tokens of sessions that do not exist). Many viewers without many sign-ups.
 */
export async function signTokensFor(
  privateKey: string,
  sample: string,
  profileIds: readonly string[],
  databaseUrl: string,
): Promise<string[]> {
  const claims = JSON.parse(Buffer.from(sample.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  > & { iss: string };
  const key = await loadSigningKey({ authJwtPrivateKey: privateKey, dataDir: null });
  const tokens = new TokenService(key, claims.iss, 24 * 3600);
  const signed: string[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const id of profileIds) {
      const sessionId = randomUUID();
      await client.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, id]);
      const { iat: _iat, exp: _exp, iss: _iss, ...rest } = claims;
      const { token } = await tokens.signAccessToken(
        { ...rest, sub: id, email: `${id}@bench.invalid`, session_id: sessionId } as Parameters<
          TokenService['signAccessToken']
        >[0],
        Date.now(),
      );
      signed.push(token);
    }
  } finally {
    await client.end();
  }
  return signed;
}
