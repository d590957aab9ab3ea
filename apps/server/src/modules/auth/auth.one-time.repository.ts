import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authFlowState, authOneTimeTokens } from '../../db/schema/auth.ts';

/** SQL of the mail links' one-time tokens and codes, and of the PKCE flow states they start. */
export class OneTimeTokenRepository {
  constructor(private readonly db: Db) {}

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
}
