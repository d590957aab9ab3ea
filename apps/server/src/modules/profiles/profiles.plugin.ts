import type { FastifyInstance } from 'fastify';
import type { AuthHooks } from '../auth/auth.service.ts';
import { profilesRoutes } from './profiles.routes.ts';
import type { ProfilesService } from './profiles.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfilesService;
  }
}

/** What the auth service tells the profiles module: a session started, an account was soft-deleted. */
export function profileAuthHooks(profiles: ProfilesService): AuthHooks {
  return {
    onSessionStarted: (user) =>
      profiles.ensureProfile({ id: user.id, email: user.email, userMetadata: user.raw_user_meta_data }),
    onUserSoftDeleted: (userId) => profiles.removeProfile(userId),
  };
}

/**
 * Decorates `app.profiles`, bootstraps the profile of every signed-in caller of the data API
 * (spec section 4: a user without a profile row gets one) and serves /api/v1/profiles.
 * Register after the auth module, which sets `request.user`.
 */
export async function registerProfiles(app: FastifyInstance, profiles: ProfilesService): Promise<void> {
  app.decorate('profiles', profiles);
  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (!user || !request.url.startsWith('/api/v1/')) return;
    await profiles.ensureProfile({ id: user.id, email: user.email, userMetadata: user.userMetadata });
  });
  await app.register(profilesRoutes, { profiles });
}
