import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../seed/demo.accounts.ts';
import { DEMO_PROFILES } from '../../seed/demo.data.ts';
import { seedDemo } from '../../seed/demo.seed.ts';
import { demoSeedDeps } from '../../seed/demo.step.ts';
import { DEMO_PASSWORD } from './auth.demo.ts';
import { type AuthTestApp, createAuthTestApp } from './auth.test-helpers.ts';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
  await seedDemo(demoSeedDeps(t.app));
});
afterAll(() => t.close());

describe('demo accounts', () => {
  it('sign in with the documented demo password as the demo profiles', async () => {
    const profile = DEMO_PROFILES[0]!;
    const session = await t.signIn(demoEmail(profile.username), DEMO_PASSWORD);
    expect(session.user.id).toBe(profile.id);
    const me = await t.call({ method: 'GET', url: '/api/v1/profiles/me', token: session.access_token });
    expect(me.json()).toMatchObject({ id: profile.id, username: profile.username });
  });

  it('are emptied with every other auth table by a reset, then created again', async () => {
    const other = await t.signUp('visitor@example.com');
    await seedDemo(demoSeedDeps(t.app), { reset: true });
    const [users] = await t.app.database.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(users?.n).toBe(DEMO_PROFILES.length);
    const [sessions] = await t.app.database.query<{ n: number }>(
      'select count(*)::int as n from auth.sessions',
    );
    expect(sessions?.n).toBe(0);
    const gone = await t.call({ method: 'GET', url: '/auth/v1/user', token: other.access_token });
    expect(gone.statusCode).toBe(403);
    await t.signIn(demoEmail(DEMO_PROFILES[1]!.username), DEMO_PASSWORD);
  });
});
