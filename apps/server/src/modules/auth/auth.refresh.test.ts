import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type SessionBody } from './auth.test-helpers.ts';

/** A one-second reuse interval keeps "after the interval" quick to reach. */
const REUSE_INTERVAL_MS = 1000;

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ authRefreshReuseInterval: REUSE_INTERVAL_MS / 1000 });
});
afterAll(() => t.close());

const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: '/auth/v1/token?grant_type=refresh_token',
    payload: { refresh_token: refreshToken },
    headers,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh token rotation', () => {
  let first: SessionBody;
  beforeAll(async () => {
    first = await t.signUp('rotate@example.com');
  });

  it('rotates the refresh token on every use and keeps the session', async () => {
    const res = await refresh(first.refresh_token, { 'user-agent': 'tab-2' });
    expect(res.statusCode).toBe(200);
    const second = res.json() as SessionBody;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.id).toBe(first.user.id);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);

    const [session] = await t.app.database.query<{
      user_agent: string;
      refreshed_at: Date | null;
      ip: string;
    }>('select user_agent, refreshed_at, ip from auth.sessions where id = $1', [
      decodeJwt(first.access_token).session_id,
    ]);
    expect(session?.user_agent).toBe('tab-2');
    expect(session?.refreshed_at).toBeTruthy();
    expect(session?.ip).toBe('127.0.0.1');

    // Stored hashed: the table never holds a usable token.
    const stored = await t.app.database.query<{ token_hash: string }>(
      'select token_hash from auth.refresh_tokens',
    );
    expect(stored.some((row) => row.token_hash === second.refresh_token)).toBe(false);
  });

  it('refuses an unknown refresh token (400 refresh_token_not_found)', async () => {
    const res = await refresh('no-such-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  it('needs a refresh token (400 validation_failed)', async () => {
    const res = await t.call({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('reuse of a rotated refresh token', () => {
  it('within the interval (tabs refreshing at once) gets the current tokens of the session', async () => {
    const start = await t.signUp('tabs@example.com');
    const tabA = (await refresh(start.refresh_token)).json() as SessionBody;
    const tabB = await refresh(start.refresh_token);
    expect(tabB.statusCode).toBe(200);
    expect(tabB.json().refresh_token).toBe(tabA.refresh_token);

    // The current token still rotates normally afterwards.
    const next = await refresh(tabA.refresh_token);
    expect(next.statusCode).toBe(200);
    // Even two steps behind, the chain of successors leads to the session's current token.
    const behind = await refresh(start.refresh_token);
    expect(behind.statusCode).toBe(200);
    expect(behind.json().refresh_token).toBe(next.json().refresh_token);
  });

  it('answers concurrent refreshes with the same token consistently', async () => {
    const start = await t.signUp('concurrent@example.com');
    const results = await Promise.all([
      refresh(start.refresh_token),
      refresh(start.refresh_token),
      refresh(start.refresh_token),
    ]);
    for (const res of results) expect(res.statusCode).toBe(200);
    const tokens = new Set(results.map((res) => res.json().refresh_token));
    expect(tokens.size).toBe(1);
  });

  it('after the interval revokes the whole session (400 refresh_token_already_used)', async () => {
    const start = await t.signUp('stolen@example.com');
    const rotated = (await refresh(start.refresh_token)).json() as SessionBody;
    await sleep(REUSE_INTERVAL_MS + 300);

    const reuse = await refresh(start.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });

    // The legitimate holder's current token is gone with the session, and so is its access.
    const current = await refresh(rotated.refresh_token);
    expect(current.statusCode).toBe(400);
    expect(current.json().code).toBe('refresh_token_not_found');
    const user = await t.call({ method: 'GET', url: '/auth/v1/user', token: rotated.access_token });
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('session_not_found');
  });
});

describe('banned users', () => {
  it('cannot refresh (400 user_banned)', async () => {
    const session = await t.signUp('banned@example.com');
    await t.app.services.auth.repo.users.updateUser(
      session.user.id,
      { banned_until: new Date(Date.now() + 3600_000) },
      new Date(),
    );
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('user_banned');
  });
});
