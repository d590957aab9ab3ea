import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authMfaAmrClaims, authRefreshTokens, authSessions } from '../../db/schema/auth.ts';

type SessionPatch = Partial<Omit<typeof authSessions.$inferInsert, 'id' | 'user_id' | 'created_at'>>;

/** SQL of sessions, how they were authenticated (amr claims) and their refresh tokens. */
export class SessionRepository {
  /** `accessChanged` announces a change that the data API's access check reads (AuthRepository's). */
  constructor(
    private readonly db: Db,
    private readonly accessChanged: (userId: string) => Promise<void>,
  ) {}

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
}
