import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AuthUserRow, authIdentities, authUsers } from '../../db/schema/auth.ts';

type NewUser = typeof authUsers.$inferInsert;
type UserPatch = Partial<Omit<NewUser, 'id' | 'created_at'>>;

/** SQL of users and their identities (`auth.users`, `auth.identities`). */
export class UserRepository {
  /** `accessChanged` announces a change that the data API's access check reads (AuthRepository's). */
  constructor(
    private readonly db: Db,
    private readonly accessChanged: (userId: string) => Promise<void>,
  ) {}

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
}

/** A text[] of keys, built from one JSON parameter (drizzle would expand a JS array into a list). */
const jsonKeys = (keys: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
