import type { Factor } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { fakeSession } from '@/test/fake-auth-client';
import { awaitsSecondFactor } from './use-session';

const token = (claims: object) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

const verifiedTotp = { id: 'f', factor_type: 'totp', status: 'verified' } as Factor;

describe('awaitsSecondFactor', () => {
  it('is false without a verified factor', () => {
    expect(awaitsSecondFactor({ ...fakeSession(), access_token: token({ aal: 'aal1' }) })).toBe(false);
  });

  it('is true for an aal1 session of a user with a verified factor, false once raised to aal2', () => {
    const session = fakeSession();
    session.user.factors = [verifiedTotp];
    expect(awaitsSecondFactor({ ...session, access_token: token({ aal: 'aal1', sub: 'ü' }) })).toBe(true);
    expect(awaitsSecondFactor({ ...session, access_token: token({ aal: 'aal2' }) })).toBe(false);
    expect(awaitsSecondFactor({ ...session, access_token: 'not-a-jwt' })).toBe(true);
  });
});
