import type { AuthChangeEvent, AuthError, Session, User } from '@supabase/auth-js';
import { expect, vi } from 'vitest';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/** What auth-js answers: data, or an error (tests mock failures). */
type SessionResult = Promise<{
  data: { session: Session | null; user: User | null };
  error: AuthError | null;
}>;

const noError: { error: AuthError | null } = { error: null };

/**
 * A stand-in for the auth-js client: reports `session` as the INITIAL_SESSION, signs in, up and out on
 * request (firing the events auth-js fires), and answers the MFA calls as for an account without a
 * second factor. Tests override single methods with `mockImplementationOnce` / `mockResolvedValueOnce`,
 * and `emit` plays an auth event (another tab signing in, a refresh...).
 */
export function createFakeAuthClient(session: Session | null) {
  const listeners = new Set<Listener>();
  let current = session;
  const emit = (event: AuthChangeEvent, next: Session | null) => {
    current = next;
    for (const listener of listeners) listener(event, next);
  };

  return {
    emit,
    /** Resolves once the app listens to auth events (the session store subscribes after a lazy import). */
    listening: () => vi.waitFor(() => expect(listeners.size).toBeGreaterThan(0), { timeout: 5000 }),
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      queueMicrotask(() => listener('INITIAL_SESSION', current));
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    }),
    getSession: vi.fn(async () => ({ data: { session: current }, error: null })),
    signInWithPassword: vi.fn(async ({ email }: { email: string; password: string }): SessionResult => {
      const next = fakeSession(email);
      emit('SIGNED_IN', next);
      return { data: { session: next, user: next.user }, error: null };
    }),
    signUp: vi.fn(
      async ({ email }: { email: string; password: string; options?: unknown }): SessionResult => {
        const next = fakeSession(email);
        emit('SIGNED_IN', next);
        return { data: { session: next, user: next.user }, error: null };
      },
    ),
    signOut: vi.fn(
      async (options?: { scope?: 'global' | 'local' | 'others' }): Promise<{ error: AuthError | null }> => {
        // scope 'others' ends the other sessions only; this one stays.
        if (options?.scope !== 'others') emit('SIGNED_OUT', null);
        return noError;
      },
    ),
    /** A mail's link (token_hash) or 6-digit code (email + token): signs in as that address. */
    verifyOtp: vi.fn(
      async (params: {
        type: string;
        token_hash?: string;
        email?: string;
        token?: string;
      }): SessionResult => {
        const next = fakeSession(params.email ?? 'ada@example.com');
        // As auth-js: a recovery mail's sign-in is announced as PASSWORD_RECOVERY.
        emit(params.type === 'recovery' ? 'PASSWORD_RECOVERY' : 'SIGNED_IN', next);
        return { data: { session: next, user: next.user }, error: null };
      },
    ),
    resetPasswordForEmail: vi.fn(async (_email: string, _options?: { redirectTo?: string }) => ({
      data: {},
      error: null,
    })),
    updateUser: vi.fn(async (_attributes: { password?: string }) => {
      if (current) emit('USER_UPDATED', { ...current });
      return { data: { user: current?.user ?? null }, error: null };
    }),
    refreshSession: vi.fn(async () => ({
      data: { session: current, user: current?.user ?? null },
      error: null,
    })),
    mfa: {
      getAuthenticatorAssuranceLevel: vi.fn(async () => ({
        data: {
          currentLevel: current ? 'aal1' : null,
          nextLevel: current ? 'aal1' : null,
          currentAuthenticationMethods: [],
        },
        error: null,
      })),
      listFactors: vi.fn(async () => ({ data: { all: [], totp: [], phone: [], webauthn: [] }, error: null })),
      challengeAndVerify: vi.fn(async (_params: { factorId: string; code: string }) => {
        if (current) emit('MFA_CHALLENGE_VERIFIED', { ...current });
        return { data: {}, error: null };
      }),
      enroll: vi.fn(),
      unenroll: vi.fn(async ({ factorId }: { factorId: string }) => ({
        data: { id: factorId },
        error: null,
      })),
    },
  };
}

export type FakeAuthClient = ReturnType<typeof createFakeAuthClient>;

export function fakeSession(email = 'ada@example.com'): Session {
  return {
    access_token: 'token',
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date().toISOString(),
      email,
    },
  };
}

/** The auth client of the app under test: test/setup.ts mocks shared/api/load-auth-client with it. */
const installed: { client: FakeAuthClient } = { client: createFakeAuthClient(null) };

/** The app's auth client now (signed out unless a test installed another). */
export function installedFakeAuthClient(): FakeAuthClient {
  return installed.client;
}

/**
 * Makes a new fake the app's auth client, with `session` as its stored session (null: signed out, the
 * default). Call it at the top of a test file, before the app first asks for its session.
 */
export function installFakeAuthClient(session: Session | null): FakeAuthClient {
  installed.client = createFakeAuthClient(session);
  return installed.client;
}
