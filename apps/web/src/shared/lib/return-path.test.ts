import { describe, expect, it } from 'vitest';
import { returnPathIn, safeReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps in-app pages with their query and hash', () => {
    expect(safeReturnPath('/post/abc')).toBe('/post/abc');
    expect(safeReturnPath('/profile/ada')).toBe('/profile/ada');
    expect(safeReturnPath('/explore/brands/zara?x=1#top')).toBe('/explore/brands/zara?x=1#top');
    expect(safeReturnPath('/profile/%D7%A9%D7%A8%D7%94')).toBe('/profile/%D7%A9%D7%A8%D7%94');
  });

  it('refuses other origins and schemes (no open redirect)', () => {
    for (const value of [
      '//evil.com',
      '//evil.com/post/abc',
      'https://evil.com/post/abc',
      'http:/evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      'post/abc',
      ' /post/abc',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('refuses paths of no page and the onboarding and sign-in steps themselves', () => {
    expect(safeReturnPath('/no/such/page')).toBeNull();
    expect(safeReturnPath('/onboarding')).toBeNull();
    expect(safeReturnPath('/auth?tab=sign-in')).toBeNull();
    expect(safeReturnPath('/auth/reset')).toBeNull();
  });

  it('normalises dot segments before judging the page', () => {
    expect(safeReturnPath('/post/../onboarding')).toBeNull();
    expect(safeReturnPath('/explore/../post/abc')).toBe('/post/abc');
  });
});

describe('withReturnPath and returnPathIn', () => {
  it('round-trips a path through the query', () => {
    const url = withReturnPath('/auth?tab=sign-in', '/post/abc?x=1&y=2');
    expect(url).toBe('/auth?tab=sign-in&next=%2Fpost%2Fabc%3Fx%3D1%26y%3D2');
    expect(returnPathIn(url.slice(url.indexOf('?')))).toBe('/post/abc?x=1&y=2');
  });

  it('adds nothing for home or no path', () => {
    expect(withReturnPath('/onboarding', '/')).toBe('/onboarding');
    expect(withReturnPath('/onboarding', null)).toBe('/onboarding');
  });

  it('reads only safe paths', () => {
    expect(returnPathIn('?next=%2F%2Fevil.com')).toBeNull();
    expect(returnPathIn('?next=https%3A%2F%2Fevil.com')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });
});
