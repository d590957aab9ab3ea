import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueryString } from '../lib/query-string.ts';
import { createTestApp, type TestApp } from '../test/context.ts';
import { captureLogs } from '../test/logs.ts';
import { redactQuery } from './request-log.ts';

/*
 * Secrets in query strings are redacted by the parameter's decoded name, the name the app itself
 * reads: `?access%5Ftoken=...` is accepted as `access_token`, so it must not reach the log either.
 */

const SECRETS = ['access_token', 'refresh_token', 'token', 'token_hash', 'code', 'apikey', 'password'];

describe('redactQuery', () => {
  it('redacts secret parameters however their names are encoded', () => {
    expect(redactQuery('/api/v1/events?access%5Ftoken=eyJ.s.sig&profiles=a')).toBe(
      '/api/v1/events?access%5Ftoken=[redacted]&profiles=a',
    );
    expect(
      redactQuery('/x?%61%63cess_token=1&%74oken=2&token%5fhash=3&co%64e=4&API%4bEY=5&pass+word=6'),
    ).toBe(
      '/x?%61%63cess_token=[redacted]&%74oken=[redacted]&token%5fhash=[redacted]&co%64e=[redacted]&API%4bEY=[redacted]&pass+word=6',
    );
    expect(redactQuery('/x?REFRESH_TOKEN=a&refresh_token=b&refresh_token=c')).toBe(
      '/x?REFRESH_TOKEN=[redacted]&refresh_token=[redacted]&refresh_token=[redacted]',
    );
  });

  it('reads the query string where the router does: after the first ? or #', () => {
    expect(redactQuery('/api/v1/events#access_token=abc')).toBe('/api/v1/events#access_token=[redacted]');
    expect(redactQuery('/a?b=1&c=%ZZ&password=x%ZZ')).toBe('/a?b=1&c=%ZZ&password=[redacted]');
    expect(redactQuery('/api/v1/posts?limit=2&q=code')).toBe('/api/v1/posts?limit=2&q=code');
    expect(redactQuery('/api/v1/posts')).toBe('/api/v1/posts');
  });

  it('agrees with the query-string parser: whatever it reads as a secret is redacted', () => {
    const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    // A name spelled with any of its characters %-encoded (either hex case) or in upper case.
    const spelled = (name: string) =>
      fc
        .array(fc.constantFrom<'plain' | 'lower' | 'upper'>('plain', 'lower', 'upper'), {
          minLength: name.length,
          maxLength: name.length,
        })
        .map((ways) =>
          [...name]
            .map((c, i) => (ways[i] === 'plain' ? c : ways[i] === 'lower' ? hex(c) : hex(c).toUpperCase()))
            .join(''),
        );
    const secretPair = fc
      .constantFrom(...SECRETS)
      .chain((name) =>
        fc.tuple(
          fc.constant(name),
          spelled(name),
          fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 }),
        ),
      )
      .map(([name, spelling, value]) => ({
        name,
        raw: `${spelling}=SECRET${value}`,
        value: `SECRET${value}`,
      }));
    const otherPair = fc
      .tuple(fc.stringMatching(/^[g-z_]{1,8}$/), fc.stringMatching(/^[g-z%+=]{0,8}$/))
      .map(([name, value]) => ({ name, raw: `${name}=${value}`, value: null }));
    fc.assert(
      fc.property(fc.array(fc.oneof(secretPair, otherPair), { minLength: 1, maxLength: 6 }), (pairs) => {
        const query = pairs.map((pair) => pair.raw).join('&');
        const parsed = parseQueryString(query);
        const url = redactQuery(`/api/v1/events?${query}`);
        for (const pair of pairs) {
          if (pair.value === null) continue;
          // The app reads the value under the secret's name, and the log never shows it.
          expect([parsed[pair.name]].flat(), query).toContain(pair.value);
          expect(url).not.toContain(pair.value);
        }
      }),
      { seed: 20_240_601, numRuns: 500 },
    );
  });
});

describe('the request log of a running app', () => {
  const logs = captureLogs();
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(logs.config, logs.options);
    ctx.app.get('/api/test/query', async (request) => ({ query: request.query }));
  });
  afterAll(() => ctx.close());

  it('redacts a token the app accepted under an encoded name', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/query?access%5Ftoken=eyJhbGciOi.SECRET-PAYLOAD.sig&t%6Fken=OTP-SECRET&limit=5',
    });
    expect(res.json()).toEqual({
      query: { access_token: 'eyJhbGciOi.SECRET-PAYLOAD.sig', token: 'OTP-SECRET', limit: '5' },
    });
    const logged = logs.text();
    expect(logged).toContain('access%5Ftoken=[redacted]&t%6Fken=[redacted]&limit=5');
    expect(logged).not.toContain('SECRET');
  });
});
