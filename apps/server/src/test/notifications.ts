import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Resolves once `app` has heard every notification sent before the call: the caches' NOTIFYs of the
 * changes a test made (FEED_CHANNEL, viewers' versions, posts' counts). On PostgreSQL they reach the
 * listener's one connection after their commit, in commit order, so a notification of this call's own
 * heard there means the earlier ones have been handled; a test that counts what a cache keeps waits for
 * them, or a late one clears the cache under it. On PGlite they are delivered at once.
 */
export async function notificationsHeard(app: FastifyInstance): Promise<void> {
  const channel = `sys_test_heard_${randomBytes(6).toString('hex')}`;
  let heard!: () => void;
  const done = new Promise<void>((resolve) => (heard = resolve));
  const stop = await app.database.listen(channel, () => heard());
  try {
    await app.database.notify(channel, '');
    await done;
  } finally {
    await stop();
  }
}
