import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AuthFactorRow, authMfaChallenges, authMfaFactors } from '../../db/schema/auth.ts';

/** SQL of MFA factors and their challenges. */
export class FactorRepository {
  constructor(private readonly db: Db) {}

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
}
