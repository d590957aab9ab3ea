import type { FastifyInstance } from 'fastify';
import type { AuthHooks } from '../auth/auth.service.ts';
import type { ProfilesService } from './profiles.service.ts';

/** What the auth service tells the profiles module: a session started, an account was soft-deleted. */
export function profileAuthHooks(profiles: ProfilesService): AuthHooks {
  return {
    onSessionStarted: (user) =>
      profiles.ensureProfile({ id: user.id, email: user.email, userMetadata: user.raw_user_meta_data }),
    onUserSoftDeleted: (userId) => profiles.removeProfile(userId),
  };
}

/**
 * Bootstraps the profile of every signed-in caller of the data API (spec section 4: a user without a
 * profile row gets one), before any other check of the request. Reads `request.user`, which the
 * authentication hook sets when the request arrives.
 */
export function registerProfileBootstrap(app: FastifyInstance, profiles: ProfilesService): void {
  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (!user || !request.url.startsWith('/api/v1/')) return;
    await profiles.ensureProfile({ id: user.id, email: user.email, userMetadata: user.userMetadata });
  });
}
