import type { Session } from '@supabase/auth-js';
import { vi } from 'vitest';

type Listener = (event: string, session: Session | null) => void;

/** A stand-in for the auth-js client: reports `session` as the INITIAL_SESSION, signs out on request. */
export function createFakeAuthClient(session: Session | null) {
  const listeners = new Set<Listener>();
  return {
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      queueMicrotask(() => listener('INITIAL_SESSION', session));
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    }),
    signOut: vi.fn(async () => {
      for (const listener of listeners) listener('SIGNED_OUT', null);
      return { error: null };
    }),
    getSession: vi.fn(async () => ({ data: { session }, error: null })),
  };
}

export function fakeSession(): Session {
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
      email: 'ada@example.com',
    },
  };
}
