import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type AuthFactorRow,
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
import type { UserBundle } from './auth.mapper.ts';

type NewUser = typeof authUsers.$inferInsert;
type UserPatch = Partial<Omit<NewUser, 'id' | 'created_at'>>;
type SessionPatch = Partial<Omit<typeof authSessions.$inferInsert, 'id' | 'user_id' | 'created_at'>>;

/** The only place with SQL for the `auth` schema. Returns rows; the service decides what they mean. */
export class AuthRepository {
  /**
   * `onAccessChanged` hears of every change that the data API's access check reads (a user deleted,
   * soft-deleted, banned or given another role, a session ended), once it has committed; `EVERY_USER`
   * for all of them at once.
   */
  constructor(
    private readonly db: Db,
    private readonly onAccessChanged?: (userId: string) => void,
  ) {}

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
    const [row] = await this.db
      .select({
        role: authUsers.role,
        deleted_at: authUsers.deleted_at,
        banned_until: authUsers.banned_until,
        session_alive: sql<boolean>`${authSessions.id} is not null`,
        session_not_after: authSessions.not_after,
      })
      .from(authUsers)
      .leftJoin(authSessions, and(eq(authSessions.id, sessionId), eq(authSessions.user_id, authUsers.id)))
      .where(eq(authUsers.id, userId));
    return row;
  }

  // --- users ---

  async findUserById(id: string): Promise<AuthUserRow | undefined> {
    const [row] = await this.db.select().from(authUsers).where(eq(authUsers.id, id));
    return row;
  }

  async findUserByEmail(email: string): Promise<AuthUserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authUsers)
      .where(sql`lower(${authUsers.email}) = lower(${email})`);
    return row;
  }

  /** The user waiting to confirm a change to `email`. */
  async findUserByPendingEmail(email: string): Promise<AuthUserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authUsers)
      .where(and(sql`lower(${authUsers.email_change}) = lower(${email})`, isNull(authUsers.deleted_at)));
    return row;
  }

  async insertUser(values: NewUser): Promise<AuthUserRow> {
    const [row] = await this.db.insert(authUsers).values(values).returning();
    return row!;
  }

  async updateUser(id: string, patch: UserPatch, now: Date): Promise<AuthUserRow> {
    const [row] = await this.db
      .update(authUsers)
      .set({ ...patch, updated_at: now })
      .where(eq(authUsers.id, id))
      .returning();
    if ('deleted_at' in patch || 'banned_until' in patch || 'role' in patch) await this.accessChanged(id);
    return row!;
  }

  /** Merges `changes` into user_metadata in SQL, so that concurrent updates of other keys survive. */
  async mergeUserMetadata(id: string, changes: Record<string, unknown>, removed: string[], now: Date) {
    const [row] = await this.db
      .update(authUsers)
      .set({
        raw_user_meta_data: sql`(${authUsers.raw_user_meta_data} || ${JSON.stringify(changes)}::jsonb) - ${jsonKeys(removed)}`,
        updated_at: now,
      })
      .where(eq(authUsers.id, id))
      .returning();
    return row!;
  }

  async mergeAppMetadata(id: string, changes: Record<string, unknown>, removed: string[], now: Date) {
    const [row] = await this.db
      .update(authUsers)
      .set({
        raw_app_meta_data: sql`(${authUsers.raw_app_meta_data} || ${JSON.stringify(changes)}::jsonb) - ${jsonKeys(removed)}`,
        updated_at: now,
      })
      .where(eq(authUsers.id, id))
      .returning();
    return row!;
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(authUsers).where(eq(authUsers.id, id));
    await this.accessChanged(id);
  }

  async listUsers(options: { limit: number; offset: number; filter?: string | undefined }) {
    const where = options.filter
      ? or(
          ilike(authUsers.email, `%${escapeLike(options.filter)}%`),
          ilike(authUsers.phone, `%${escapeLike(options.filter)}%`),
        )
      : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(authUsers)
        .where(where)
        .orderBy(desc(authUsers.created_at), desc(authUsers.id))
        .limit(options.limit)
        .offset(options.offset),
      this.db.select({ total: count() }).from(authUsers).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async loadUserBundle(id: string): Promise<UserBundle | undefined> {
    const user = await this.findUserById(id);
    if (!user) return undefined;
    return this.bundleFor(user);
  }

  async bundleFor(user: AuthUserRow): Promise<UserBundle> {
    const [identities, factors] = await Promise.all([
      this.findIdentities(user.id),
      this.findFactors(user.id),
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

  // --- identities ---

  findIdentities(userId: string) {
    return this.db
      .select()
      .from(authIdentities)
      .where(eq(authIdentities.user_id, userId))
      .orderBy(asc(authIdentities.created_at));
  }

  async insertIdentity(values: typeof authIdentities.$inferInsert) {
    const [row] = await this.db.insert(authIdentities).values(values).returning();
    return row!;
  }

  /** Merges `changes` into the identity data of the user's identity of `provider`. */
  async updateIdentityData(userId: string, provider: string, changes: Record<string, unknown>, now: Date) {
    await this.db
      .update(authIdentities)
      .set({
        identity_data: sql`${authIdentities.identity_data} || ${JSON.stringify(changes)}::jsonb`,
        updated_at: now,
      })
      .where(and(eq(authIdentities.user_id, userId), eq(authIdentities.provider, provider)));
  }

  async touchIdentity(userId: string, provider: string, now: Date) {
    await this.db
      .update(authIdentities)
      .set({ last_sign_in_at: now, updated_at: now })
      .where(and(eq(authIdentities.user_id, userId), eq(authIdentities.provider, provider)));
  }

  async deleteIdentities(userId: string) {
    await this.db.delete(authIdentities).where(eq(authIdentities.user_id, userId));
  }

  // --- sessions ---

  async insertSession(values: typeof authSessions.$inferInsert) {
    const [row] = await this.db.insert(authSessions).values(values).returning();
    return row!;
  }

  async findSession(id: string) {
    const [row] = await this.db.select().from(authSessions).where(eq(authSessions.id, id));
    return row;
  }

  /** Locks the session row so that concurrent refreshes of one session run one after another. */
  async lockSession(id: string) {
    const [row] = await this.db.select().from(authSessions).where(eq(authSessions.id, id)).for('update');
    return row;
  }

  async updateSession(id: string, patch: SessionPatch, now: Date) {
    const [row] = await this.db
      .update(authSessions)
      .set({ ...patch, updated_at: now })
      .where(eq(authSessions.id, id))
      .returning();
    return row;
  }

  async deleteSession(id: string) {
    const ended = await this.db
      .delete(authSessions)
      .where(eq(authSessions.id, id))
      .returning({ user_id: authSessions.user_id });
    for (const { user_id } of ended) await this.accessChanged(user_id);
  }

  /** Ends every session of the user, or every one but `keepSessionId` (optionally only those at `aal`). */
  async deleteUserSessions(userId: string, keepSessionId?: string, aal?: 'aal1') {
    await this.db
      .delete(authSessions)
      .where(
        and(
          eq(authSessions.user_id, userId),
          keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
          aal ? eq(authSessions.aal, aal) : undefined,
        ),
      );
    await this.accessChanged(userId);
  }

  async addAmrClaim(sessionId: string, method: string, now: Date) {
    await this.db
      .insert(authMfaAmrClaims)
      .values({ session_id: sessionId, authentication_method: method, created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: [authMfaAmrClaims.session_id, authMfaAmrClaims.authentication_method],
        set: { updated_at: now },
      });
  }

  findAmrClaims(sessionId: string) {
    return this.db
      .select()
      .from(authMfaAmrClaims)
      .where(eq(authMfaAmrClaims.session_id, sessionId))
      .orderBy(desc(authMfaAmrClaims.updated_at));
  }

  /** After a factor is removed, the sessions it raised to aal2 fall back to aal1. */
  async downgradeSessionsOfFactor(factorId: string, now: Date) {
    const sessions = await this.db
      .update(authSessions)
      .set({ aal: 'aal1', factor_id: null, updated_at: now })
      .where(eq(authSessions.factor_id, factorId))
      .returning({ id: authSessions.id });
    if (sessions.length === 0) return;
    await this.db.delete(authMfaAmrClaims).where(
      and(
        inArray(
          authMfaAmrClaims.session_id,
          sessions.map((s) => s.id),
        ),
        eq(authMfaAmrClaims.authentication_method, 'totp'),
      ),
    );
  }

  // --- refresh tokens ---

  async insertRefreshToken(values: typeof authRefreshTokens.$inferInsert) {
    const [row] = await this.db.insert(authRefreshTokens).values(values).returning();
    return row!;
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(authRefreshTokens)
      .where(eq(authRefreshTokens.token_hash, tokenHash));
    return row;
  }

  async revokeRefreshToken(id: number, childSecret: string, now: Date) {
    await this.db
      .update(authRefreshTokens)
      .set({ revoked: true, child_secret: childSecret, updated_at: now })
      .where(eq(authRefreshTokens.id, id));
  }

  /** Revokes the session's current token without a successor (the session moves to a new token). */
  async revokeSessionTokens(sessionId: string, now: Date) {
    await this.db
      .update(authRefreshTokens)
      .set({ revoked: true, updated_at: now })
      .where(and(eq(authRefreshTokens.session_id, sessionId), eq(authRefreshTokens.revoked, false)));
  }

  async findActiveRefreshToken(sessionId: string) {
    const [row] = await this.db
      .select()
      .from(authRefreshTokens)
      .where(and(eq(authRefreshTokens.session_id, sessionId), eq(authRefreshTokens.revoked, false)))
      .orderBy(desc(authRefreshTokens.id))
      .limit(1);
    return row;
  }

  // --- MFA ---

  findFactors(userId: string) {
    return this.db
      .select()
      .from(authMfaFactors)
      .where(eq(authMfaFactors.user_id, userId))
      .orderBy(asc(authMfaFactors.created_at));
  }

  async findFactor(userId: string, factorId: string): Promise<AuthFactorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authMfaFactors)
      .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.user_id, userId)));
    return row;
  }

  async insertFactor(values: typeof authMfaFactors.$inferInsert) {
    const [row] = await this.db.insert(authMfaFactors).values(values).returning();
    return row!;
  }

  async updateFactor(id: string, patch: Partial<typeof authMfaFactors.$inferInsert>, now: Date) {
    const [row] = await this.db
      .update(authMfaFactors)
      .set({ ...patch, updated_at: now })
      .where(eq(authMfaFactors.id, id))
      .returning();
    return row!;
  }

  async deleteFactor(id: string) {
    await this.db.delete(authMfaFactors).where(eq(authMfaFactors.id, id));
  }

  /** Enrolments abandoned before their first verification, except `keepId`. */
  async deleteUnverifiedFactors(userId: string, keepId: string) {
    await this.db
      .delete(authMfaFactors)
      .where(
        and(
          eq(authMfaFactors.user_id, userId),
          eq(authMfaFactors.status, 'unverified'),
          ne(authMfaFactors.id, keepId),
        ),
      );
  }

  async insertChallenge(values: typeof authMfaChallenges.$inferInsert) {
    const [row] = await this.db.insert(authMfaChallenges).values(values).returning();
    return row!;
  }

  async findChallenge(factorId: string, challengeId: string) {
    const [row] = await this.db
      .select()
      .from(authMfaChallenges)
      .where(and(eq(authMfaChallenges.id, challengeId), eq(authMfaChallenges.factor_id, factorId)));
    return row;
  }

  /** Marks the challenge used; false when another request used it first. */
  async consumeChallenge(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(authMfaChallenges)
      .set({ verified_at: now })
      .where(and(eq(authMfaChallenges.id, id), isNull(authMfaChallenges.verified_at)))
      .returning({ id: authMfaChallenges.id });
    return rows.length === 1;
  }

  async deleteChallenge(id: string) {
    await this.db.delete(authMfaChallenges).where(eq(authMfaChallenges.id, id));
  }

  // --- one-time tokens ---

  async insertOneTimeToken(values: typeof authOneTimeTokens.$inferInsert) {
    const [row] = await this.db.insert(authOneTimeTokens).values(values).returning();
    return row!;
  }

  async findOneTimeTokenByHash(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(authOneTimeTokens)
      .where(eq(authOneTimeTokens.token_hash, tokenHash));
    return row;
  }

  async findOneTimeTokenByCode(userId: string, codeHash: string, types: string[]) {
    const [row] = await this.db
      .select()
      .from(authOneTimeTokens)
      .where(
        and(
          eq(authOneTimeTokens.user_id, userId),
          eq(authOneTimeTokens.code_hash, codeHash),
          inArray(authOneTimeTokens.token_type, types),
        ),
      )
      .orderBy(desc(authOneTimeTokens.created_at))
      .limit(1);
    return row;
  }

  async deleteOneTimeTokens(userId: string, types?: string[]) {
    await this.db
      .delete(authOneTimeTokens)
      .where(
        types
          ? and(eq(authOneTimeTokens.user_id, userId), inArray(authOneTimeTokens.token_type, types))
          : eq(authOneTimeTokens.user_id, userId),
      );
  }

  // --- PKCE flow state ---

  async insertFlowState(values: typeof authFlowState.$inferInsert) {
    const [row] = await this.db.insert(authFlowState).values(values).returning();
    return row!;
  }

  /** The user's newest flow of this kind that has not issued its auth code yet. */
  async findPendingFlowState(userId: string, authenticationMethod: string) {
    const [row] = await this.db
      .select()
      .from(authFlowState)
      .where(
        and(
          eq(authFlowState.user_id, userId),
          eq(authFlowState.authentication_method, authenticationMethod),
          isNull(authFlowState.auth_code_issued_at),
        ),
      )
      .orderBy(desc(authFlowState.created_at))
      .limit(1);
    return row;
  }

  async markFlowStateIssued(id: string, now: Date) {
    await this.db
      .update(authFlowState)
      .set({ auth_code_issued_at: now, updated_at: now })
      .where(eq(authFlowState.id, id));
  }

  async findFlowStateByAuthCode(authCode: string) {
    const [row] = await this.db.select().from(authFlowState).where(eq(authFlowState.auth_code, authCode));
    return row;
  }

  /** Deletes the flow state; false when another request redeemed it first. */
  async consumeFlowState(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(authFlowState)
      .where(eq(authFlowState.id, id))
      .returning({ id: authFlowState.id });
    return rows.length === 1;
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

/** A text[] of keys, built from one JSON parameter (drizzle would expand a JS array into a list). */
const jsonKeys = (keys: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
