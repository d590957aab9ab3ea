import type { Factor } from '@supabase/auth-js';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { awaitsSecondFactor, useSession } from './use-session';

const fake = { client: installFakeAuthClient(null) };

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

describe('useSession', () => {
  it("renders a visitor's screen again only when the session changes", async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useSession();
    });
    await fake.client.listening();
    // The visitor's INITIAL_SESSION (nothing stored) and a repeated sign-out change nothing.
    await act(async () => undefined);
    act(() => fake.client.emit('SIGNED_OUT', null));
    expect(result.current).toEqual({ session: null, user: null, isLoading: false });
    const before = renders;
    act(() => fake.client.emit('SIGNED_OUT', null));
    expect(renders).toBe(before);

    const session = fakeSession();
    act(() => fake.client.emit('SIGNED_IN', session));
    expect(renders).toBe(before + 1);
    expect(result.current.user).toBe(session.user);
    act(() => fake.client.emit('TOKEN_REFRESHED', { ...session }));
    expect(renders).toBe(before + 2);
  });
});
