import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  KeyConfigError,
  loadSigningKey,
  openSuccessor,
  pkceMatches,
  sealSuccessor,
  TokenService,
} from './auth.tokens.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the JWT signing key', () => {
  it('is generated once into DATA_DIR/keys and reused by the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sys-keys-'));
    dirs.push(dataDir);
    const first = await loadSigningKey({ dataDir });
    const file = join(dataDir, 'keys', 'jwt-es256.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ kty: 'EC', crv: 'P-256' });
    const second = await loadSigningKey({ dataDir });
    expect(second.kid).toBe(first.kid);

    // A token signed by one instance verifies on another that shares the key.
    const a = new TokenService(first, 'https://sys.test/auth/v1', 3600);
    const b = new TokenService(second, 'https://sys.test/auth/v1', 3600);
    const jwt = await a.signServiceRoleToken(Date.now(), 60);
    expect((await b.verify(jwt)).role).toBe('service_role');
  });

  it('is read from AUTH_JWT_PRIVATE_KEY as a PEM or a JWK', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const fromPem = await loadSigningKey({ dataDir: null, authJwtPrivateKey: pem.replaceAll('\n', '\\n') });
    const fromJwk = await loadSigningKey({
      dataDir: null,
      authJwtPrivateKey: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid: 'my-key' }),
    });
    expect(fromJwk.kid).toBe('my-key');
    expect(fromPem.publicJwk.x).toBe(fromJwk.publicJwk.x);
  });

  it('must be an EC P-256 key', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    await expect(loadSigningKey({ dataDir: null, authJwtPrivateKey: rsa })).rejects.toThrow(KeyConfigError);
    await expect(loadSigningKey({ dataDir: null, authJwtPrivateKey: 'nonsense' })).rejects.toThrow(
      KeyConfigError,
    );
  });
});

describe('refresh token successors', () => {
  it('open only with the token they were sealed for', () => {
    const sealed = sealSuccessor('token-a', 'token-b');
    expect(openSuccessor('token-a', sealed)).toBe('token-b');
    expect(openSuccessor('token-x', sealed)).toBeNull();
  });
});

describe('PKCE', () => {
  it('checks S256 and plain challenges (RFC 7636 appendix B)', () => {
    expect(
      pkceMatches(
        'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        's256',
      ),
    ).toBe(true);
    expect(pkceMatches('abc', 'abc', 'plain')).toBe(true);
    expect(pkceMatches('abc', 'abd', 'plain')).toBe(false);
  });
});
