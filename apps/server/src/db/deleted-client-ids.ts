import { and, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { type CLIENT_ID_KINDS, deletedClientIds } from './schema/client-ids.ts';

/**
 * Whether a comment or message its author made with this `client_id` was deleted since
 * (schema/client-ids.ts): the create paths of both answer 410 `client_id_deleted` for it.
 */
export async function wasClientIdDeleted(
  db: Db,
  profileId: string,
  kind: (typeof CLIENT_ID_KINDS)[number],
  clientId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ profile_id: deletedClientIds.profile_id })
    .from(deletedClientIds)
    .where(
      and(
        eq(deletedClientIds.profile_id, profileId),
        eq(deletedClientIds.kind, kind),
        eq(deletedClientIds.client_id, clientId),
      ),
    );
  return row !== undefined;
}
