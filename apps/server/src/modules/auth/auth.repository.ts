import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Prepared, preparedFor } from '../../db/prepared.ts';
import {
  type AuthUserRow,
  authFlowState,
  authIdentities,
  authMfaAmrClaims,
  authMfaChallenges,
  authMfaFactors,
  authOneTimeTokens,
  authRateLimits,
  authRefreshTokens,
  authSessions,
  authUsers,
} from '../../db/schema/auth.ts';
import { type AccessRow, AUTH_ACCESS_CHANNEL, EVERY_USER } from './auth.access.ts';
import { FactorRepository } from './auth.factors.repository.ts';
import type { UserBundle } from './auth.mapper.ts';
import { OneTimeTokenRepository } from './auth.one-time.repository.ts';
import { SessionRepository } from './auth.sessions.repository.ts';
import { UserRepository } from './auth.users.repository.ts';

const accessStatements = new WeakMap<Db, Map<string, Prepared<AccessRow>>>();

/**
 * The only place with SQL for the `auth` schema, one part per kind of row. Returns rows; the service
 * decides what they mean.
 */
export class AuthRepository {
  /** Users and their identities. */
  readonly users: UserRepository;
  /** Sessions, their amr claims and refresh tokens. */
  readonly sessions: SessionRepository;
  /** MFA factors and challenges. */
  readonly factors: FactorRepository;
  /** Mail links' one-time tokens and the PKCE flow states. */
  readonly oneTime: OneTimeTokenRepository;

  /**
   * `onAccessChanged` hears of every change that the data API's access check reads (a user deleted,
   * soft-deleted, banned or given another role, a session ended), once it has committed; `EVERY_USER`
   * for all of them at once.
   */
  constructor(
    private readonly db: Db,
    private readonly onAccessChanged?: (userId: string) => void,
  ) {
    const accessChanged = (userId: string) => this.accessChanged(userId);
    this.users = new UserRepository(db, accessChanged);
    this.sessions = new SessionRepository(db, accessChanged);
    this.factors = new FactorRepository(db);
    this.oneTime = new OneTimeTokenRepository(db);
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  async transaction<T>(work: (repo: AuthRepository) => Promise<T>): Promise<T> {
    const changed = new Set<string>();
    const result = await this.db.transaction((tx) =>
      work(new AuthRepository(tx as unknown as Db, (userId) => changed.add(userId))),
    );
    for (const userId of changed) this.onAccessChanged?.(userId);
    return result;
  }

  /**
   * Tells every instance that `userId`'s access changed: a NOTIFY, delivered when this repository's
   * transaction (if any) commits; this instance's own check hears it at once (after the commit).
   */
  private async accessChanged(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_notify(${AUTH_ACCESS_CHANNEL}, ${userId})`);
    this.onAccessChanged?.(userId);
  }

  /** The user's access state and whether `sessionId` is still one of their sessions; undefined: no such user. */
  async findAccess(userId: string, sessionId: string): Promise<AccessRow | undefined> {
    // A prepared statement: every request whose answer is not kept asks it (bench/RESULTS.md, issue 20).
    const db = this.db;
    const statement = preparedFor(accessStatements, db, 'auth_access', () =>
      db
        .select({
          role: authUsers.role,
          deleted_at: authUsers.deleted_at,
          banned_until: authUsers.banned_until,
          session_alive: sql<boolean>`${authSessions.id} is not null`,
          session_not_after: authSessions.not_after,
        })
        .from(authUsers)
        .leftJoin(
          authSessions,
          and(
            sql`${authSessions.id} = ${sql.placeholder('sessionId')}::uuid`,
            eq(authSessions.user_id, authUsers.id),
          ),
        )
        .where(sql`${authUsers.id} = ${sql.placeholder('userId')}::uuid`)
        .prepare('auth_access'),
    );
    const [row] = await statement.execute({ userId, sessionId });
    return row;
  }

  // --- a user with their identities and factors (toUserJson's input) ---

  async loadUserBundle(id: string): Promise<UserBundle | undefined> {
    const user = await this.users.findUserById(id);
    if (!user) return undefined;
    return this.bundleFor(user);
  }

  async bundleFor(user: AuthUserRow): Promise<UserBundle> {
    const [identities, factors] = await Promise.all([
      this.users.findIdentities(user.id),
      this.factors.findFactors(user.id),
    ]);
    return { user, identities, factors };
  }

  async bundlesFor(users: AuthUserRow[]): Promise<UserBundle[]> {
    if (users.length === 0) return [];
    const ids = users.map((u) => u.id);
    const [identities, factors] = await Promise.all([
      this.db
        .select()
        .from(authIdentities)
        .where(inArray(authIdentities.user_id, ids))
        .orderBy(asc(authIdentities.created_at)),
      this.db
        .select()
        .from(authMfaFactors)
        .where(inArray(authMfaFactors.user_id, ids))
        .orderBy(asc(authMfaFactors.created_at)),
    ]);
    return users.map((user) => ({
      user,
      identities: identities.filter((i) => i.user_id === user.id),
      factors: factors.filter((f) => f.user_id === user.id),
    }));
  }

  /** Empties every auth table (demo reset). Profiles go too: they reference the users. */
  async truncateAll() {
    const tables = [
      authRateLimits,
      authFlowState,
      authOneTimeTokens,
      authMfaAmrClaims,
      authMfaChallenges,
      authRefreshTokens,
      authSessions,
      authMfaFactors,
      authIdentities,
      authUsers,
    ];
    await this.db.execute(sql`truncate table ${sql.join(tables, sql`, `)} restart identity cascade`);
    await this.accessChanged(EVERY_USER);
  }

  /** Removes rows nothing will read again: old counters, long-revoked tokens, stale codes and flows. */
  async deleteExpired(now: Date) {
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000);
    await this.db.delete(authRateLimits).where(lt(authRateLimits.window_start, dayAgo));
    await this.db
      .delete(authRefreshTokens)
      .where(and(eq(authRefreshTokens.revoked, true), lt(authRefreshTokens.updated_at, monthAgo)));
    await this.db.delete(authOneTimeTokens).where(lt(authOneTimeTokens.created_at, monthAgo));
    await this.db.delete(authFlowState).where(lt(authFlowState.created_at, dayAgo));
    await this.db.delete(authMfaChallenges).where(lt(authMfaChallenges.created_at, dayAgo));
  }
}
