import { hash } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { AuthRepository } from './auth.repository.ts';
import { insertUserWithIdentity } from './auth.shared.ts';

/**
 * The password of every demo account (README): anyone running the demo may sign in as one of the
 * sample creators, e.g. `noa.levi@demo.sys.invalid` / `demo-password`.
 */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  id: string;
  email: string;
  fullName: string;
}

/**
 * Confirmed accounts with fixed ids for the demo profiles (`profiles.id` references `auth.users`).
 * Accounts that exist already are kept. Runs inside the demo seed's transaction (`db`).
 */
export async function createDemoAccounts(db: Db, accounts: readonly DemoAccount[]): Promise<number> {
  const repo = new AuthRepository(db);
  const passwordHash = await hash(DEMO_PASSWORD);
  const now = new Date();
  let created = 0;
  for (const account of accounts) {
    if (await repo.users.findUserById(account.id)) continue;
    await insertUserWithIdentity(repo, {
      id: account.id,
      email: account.email,
      passwordHash,
      userMetadata: { full_name: account.fullName },
      appMetadata: { demo: true },
      confirmed: true,
      now,
    });
    created++;
  }
  return created;
}

/** A demo reset starts the auth service from nothing: users, sessions, factors, tokens, counters. */
export async function resetAuthData(db: Db): Promise<void> {
  await new AuthRepository(db).truncateAll();
}
