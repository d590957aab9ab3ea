import { createDemoAccounts, DEMO_PASSWORD, resetAuthData } from '../modules/auth/auth.demo.ts';
import { DEMO_PROFILES } from './demo.data.ts';
import type { DemoStep } from './demo.step.ts';

/**
 * Demo creators are real, confirmed accounts (`profiles.id` references `auth.users`), so the demo
 * can be explored as one of them: every one signs in with DEMO_PASSWORD. Their addresses are under
 * `.invalid` (RFC 2606), so no mail can ever reach anyone.
 */
export const demoEmail = (username: string) => `${username}@demo.sys.invalid`;

export { DEMO_PASSWORD };

export const accountsStep: DemoStep = {
  name: 'accounts',
  async reset({ db }) {
    await resetAuthData(db);
  },
  async seed({ db }) {
    const created = await createDemoAccounts(
      db,
      DEMO_PROFILES.map((p) => ({ id: p.id, email: demoEmail(p.username), fullName: p.display_name })),
    );
    return `${DEMO_PROFILES.length} demo accounts (${created} new; password "${DEMO_PASSWORD}")`;
  },
};
