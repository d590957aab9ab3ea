import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfigFromEnv, publicBaseUrl, publicUrlWarning } from './config.ts';

describe('configuration from the environment', () => {
  it('uses the defaults when nothing is set', () => {
    const config = loadConfigFromEnv({});
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.storageDriver).toBe('local');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['STORAGE_DRIVER', 'ftp'],
    ['DATABASE_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['AUTH_LOCKOUT', 'password=5/3600'],
    ['AUTH_LOCKOUT', 'passwords=5/3600/60/900'],
    ['AUTH_LOCKOUT', 'mfa=5/3600/300/30'],
    ['AUTH_LOCKOUT', 'password=5/86400/60/900'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfigFromEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfigFromEnv({ [name]: value })).toThrow(name);
  });

  it('turns sign-ups off with AUTH_DISABLE_SIGNUP', () => {
    expect(loadConfigFromEnv({}).authDisableSignup).toBe(false);
    expect(loadConfigFromEnv({ AUTH_DISABLE_SIGNUP: 'true' }).authDisableSignup).toBe(true);
    expect(() => loadConfigFromEnv({ AUTH_DISABLE_SIGNUP: 'yes please' })).toThrow('AUTH_DISABLE_SIGNUP');
  });

  it('accepts PORT=0 (any free port) and a relative DATA_DIR', () => {
    const config = loadConfigFromEnv({ PORT: '0', DATA_DIR: 'some/dir' });
    expect(config.port).toBe(0);
    expect(config.dataDir).toMatch(/^\/.*some\/dir$/);
  });

  it('trusts forwarded addresses from a proxy on this machine unless told otherwise', () => {
    expect(loadConfigFromEnv({}).trustProxy).toBe('loopback');
    expect(loadConfigFromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfigFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfigFromEnv({ TRUST_PROXY: '10.0.0.0/8, ::1, uniquelocal' }).trustProxy).toBe(
      '10.0.0.0/8, ::1, uniquelocal',
    );
  });

  it('reads per-account lockouts as failures/window/first lock/longest lock', () => {
    expect(loadConfigFromEnv({ AUTH_LOCKOUT: 'password=3/600/30/300' }).authLockout).toEqual({
      password: { failures: 3, windowSeconds: 600, lockSeconds: 30, maxLockSeconds: 300 },
    });
  });
});

describe('the public address', () => {
  it('is PUBLIC_URL, else SITE_URL, else localhost on PORT', () => {
    expect(
      publicBaseUrl(loadConfigFromEnv({ PUBLIC_URL: 'https://sys.example/', SITE_URL: 'https://x.example' })),
    ).toBe('https://sys.example');
    expect(publicBaseUrl(loadConfigFromEnv({ SITE_URL: 'https://app.example' }))).toBe('https://app.example');
    expect(publicBaseUrl(loadConfigFromEnv({ PORT: '8080' }))).toBe('http://localhost:8080');
  });

  it('is warned about at start in production when PUBLIC_URL is unset', () => {
    const production = { NODE_ENV: 'production' };
    expect(publicUrlWarning(loadConfigFromEnv({ PORT: '8080' }), production)).toContain(
      'PUBLIC_URL is not set: share previews link to http://localhost:8080',
    );
    expect(publicUrlWarning(loadConfigFromEnv({ PUBLIC_URL: 'https://sys.example' }), production)).toBeNull();
    expect(publicUrlWarning(loadConfigFromEnv({}), {})).toBeNull();
  });
});
