import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthAdminService } from './auth.admin.service.ts';
import { bearerToken } from './auth.routes.ts';
import {
  AdminDeleteUserBodySchema,
  AdminFactorParamsSchema,
  AdminListUsersQuerySchema,
  AdminUserBodySchema,
  AdminUserParamsSchema,
  GenerateLinkBodySchema,
  InviteBodySchema,
  RedirectQuerySchema,
} from './auth.schemas.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthAdminRoutesOptions {
  auth: AuthService;
  admin: AuthAdminService;
  serviceRoleKey: string | undefined;
}

/** The credential: `Authorization: Bearer`, or the `apikey` header that Supabase clients also send. */
function adminCredential(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  const apikey = request.headers.apikey;
  return (Array.isArray(apikey) ? apikey[0] : apikey) || undefined;
}

/**
 * GoTrue's admin API, for service-role callers only. Pages of users carry `X-Total-Count` and a
 * `Link` header with `rel="next"` / `rel="last"` URLs whose first query parameter is `page`,
 * which is how auth-js reads them.
 */
export const authAdminRoutes: FastifyPluginAsyncZod<AuthAdminRoutesOptions> = async (
  app,
  { auth, admin, serviceRoleKey },
) => {
  app.addHook('onRequest', async (request) => {
    await auth.authorizeAdmin(adminCredential(request), serviceRoleKey);
  });

  const hide = { hide: true } as const;

  app.get(
    '/admin/users',
    { schema: { ...hide, querystring: AdminListUsersQuerySchema } },
    async (request, reply) => {
      const page = await admin.listUsers(request.query);
      const lastPage = Math.ceil(page.total / page.perPage);
      const path = request.url.split('?')[0];
      const pageUrl = (n: number) => `<${path}?page=${n}&per_page=${page.perPage}>`;
      const links: string[] = [];
      if (page.page < lastPage) links.push(`${pageUrl(page.page + 1)}; rel="next"`);
      links.push(`${pageUrl(lastPage)}; rel="last"`);
      reply.header('Link', links.join(', '));
      reply.header('X-Total-Count', String(page.total));
      return { users: page.users, aud: 'authenticated' };
    },
  );

  app.post('/admin/users', { schema: { ...hide, body: AdminUserBodySchema } }, async (request) =>
    admin.createUser(request.body),
  );

  app.get('/admin/users/:userId', { schema: { ...hide, params: AdminUserParamsSchema } }, async (request) =>
    admin.getUser(request.params.userId),
  );

  app.put(
    '/admin/users/:userId',
    { schema: { ...hide, params: AdminUserParamsSchema, body: AdminUserBodySchema } },
    async (request) => admin.updateUser(request.params.userId, request.body),
  );

  app.delete(
    '/admin/users/:userId',
    { schema: { ...hide, params: AdminUserParamsSchema, body: AdminDeleteUserBodySchema } },
    async (request) => admin.deleteUser(request.params.userId, request.body.should_soft_delete === true),
  );

  app.get(
    '/admin/users/:userId/factors',
    { schema: { ...hide, params: AdminUserParamsSchema } },
    async (request) => admin.listFactors(request.params.userId),
  );

  app.delete(
    '/admin/users/:userId/factors/:factorId',
    { schema: { ...hide, params: AdminFactorParamsSchema } },
    async (request) => admin.deleteFactor(request.params.userId, request.params.factorId),
  );

  app.post(
    '/admin/generate_link',
    { schema: { ...hide, body: GenerateLinkBodySchema, querystring: RedirectQuerySchema } },
    async (request) => admin.generateLink(request.body, request.query.redirect_to),
  );

  app.post(
    '/invite',
    { schema: { ...hide, body: InviteBodySchema, querystring: RedirectQuerySchema } },
    async (request) => admin.invite(request.body, request.query.redirect_to),
  );
};
