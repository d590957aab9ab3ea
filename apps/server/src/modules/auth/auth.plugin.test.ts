import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { authSettingsFrom, redirectPattern } from './auth.plugin.ts';

describe('auth settings from the config', () => {
  it('default SITE_URL to PUBLIC_URL, then to localhost and the port', () => {
    expect(authSettingsFrom(parseConfig({ port: 4000 })).siteUrl).toBe('http://localhost:4000');
    const withPublic = authSettingsFrom(parseConfig({ publicUrl: 'https://sys.example/' }));
    expect(withPublic.siteUrl).toBe('https://sys.example');
    expect(withPublic.apiUrl).toBe('https://sys.example/auth/v1');
    expect(withPublic.mailFrom).toBe('SYS <no-reply@sys.example>');
    const split = authSettingsFrom(
      parseConfig({ publicUrl: 'https://api.sys.example', siteUrl: 'https://sys.example' }),
    );
    expect(split.siteUrl).toBe('https://sys.example');
    expect(split.apiUrl).toBe('https://api.sys.example/auth/v1');
  });

  it('read AUTH_REDIRECT_ALLOW_LIST globs', () => {
    const settings = authSettingsFrom(
      parseConfig({ authRedirectAllowList: 'https://*.sys.example/**, sysapp://callback' }),
    );
    const allowed = (url: string) => settings.redirectAllowList.some((re) => re.test(url));
    expect(allowed('https://preview.sys.example/reset-password')).toBe(true);
    expect(allowed('sysapp://callback')).toBe(true);
    expect(allowed('https://evil.example/?x=.sys.example')).toBe(false);
    expect(allowed('https://a.b.sys.example/x')).toBe(false);
  });
});

describe('redirect globs', () => {
  it('treat ** as anything and * as one host label or path segment', () => {
    expect(redirectPattern('http://localhost:3000/**').test('http://localhost:3000/a/b?c=d')).toBe(true);
    expect(redirectPattern('http://localhost:*/cb').test('http://localhost:5173/cb')).toBe(true);
    expect(redirectPattern('http://localhost:*/cb').test('http://localhost:5173/x/cb')).toBe(false);
  });
});
