import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from './auth.errors.ts';
import {
  EnrollBodySchema,
  FactorParamsSchema,
  IdentityParamsSchema,
  LogoutQuerySchema,
  OtpBodySchema,
  RecoverBodySchema,
  RedirectQuerySchema,
  ResendBodySchema,
  SignupBodySchema,
  TokenBodySchema,
  TokenQuerySchema,
  UserUpdateBodySchema,
  VerifyBodySchema,
  VerifyFactorBodySchema,
  VerifyQuerySchema,
} from './auth.schemas.ts';
import type { AuthService, RequestInfo } from './auth.service.ts';
import type { TokenService } from './auth.tokens.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  tokens: TokenService;
  settings: { confirmEmail: boolean; disableSignup: boolean };
}

/** The bearer token of `Authorization: Bearer <token>`, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export function requestInfo(request: FastifyRequest, redirectTo?: string): RequestInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'], redirectTo };
}

const hide = { hide: true } as const;

/**
 * The user-facing endpoints of /auth/v1, in GoTrue's wire format. Handlers read the request and
 * call one service method; the rules live in AuthService.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, tokens, settings },
) => {
  const authenticate = (request: FastifyRequest) => auth.authenticate(bearerToken(request));

  app.get('/health', { schema: hide }, async () => ({
    version: 'sys',
    name: 'GoTrue',
    description: 'SYS auth service (GoTrue-compatible)',
  }));

  app.get('/settings', { schema: hide }, async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: settings.disableSignup,
    mailer_autoconfirm: !settings.confirmEmail,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.get('/.well-known/jwks.json', { schema: hide }, async (_request, reply) => {
    // Verifiers may cache the key set; rotation would publish the new key ahead of use.
    reply.header('Cache-Control', 'public, max-age=600');
    return tokens.jwks;
  });

  app.post(
    '/signup',
    { schema: { ...hide, body: SignupBodySchema, querystring: RedirectQuerySchema } },
    async (request) => auth.signup(request.body, requestInfo(request, request.query.redirect_to)),
  );

  app.post(
    '/token',
    { schema: { ...hide, body: TokenBodySchema, querystring: TokenQuerySchema } },
    async (request) => auth.token(request.query.grant_type, request.body, requestInfo(request)),
  );

  app.post('/logout', { schema: { ...hide, querystring: LogoutQuerySchema } }, async (request, reply) => {
    const context = await authenticate(request);
    await auth.logout(context, request.query.scope);
    return reply.status(204).send();
  });

  app.get('/user', { schema: hide }, async (request) => auth.getUser(await authenticate(request)));

  app.put(
    '/user',
    { schema: { ...hide, body: UserUpdateBodySchema, querystring: RedirectQuerySchema } },
    async (request) =>
      auth.updateUser(
        await authenticate(request),
        request.body,
        requestInfo(request, request.query.redirect_to),
      ),
  );

  app.post(
    '/recover',
    { schema: { ...hide, body: RecoverBodySchema, querystring: RedirectQuerySchema } },
    async (request) => {
      await auth.recover(request.body, requestInfo(request, request.query.redirect_to));
      return {};
    },
  );

  app.post(
    '/otp',
    { schema: { ...hide, body: OtpBodySchema, querystring: RedirectQuerySchema } },
    async (request) => {
      await auth.otp(request.body, requestInfo(request, request.query.redirect_to));
      return {};
    },
  );

  app.post(
    '/resend',
    { schema: { ...hide, body: ResendBodySchema, querystring: RedirectQuerySchema } },
    async (request) => {
      await auth.resend(request.body, requestInfo(request, request.query.redirect_to));
      return {};
    },
  );

  app.get('/reauthenticate', { schema: hide }, async (request) => {
    await auth.reauthenticate(await authenticate(request));
    return {};
  });

  app.post(
    '/verify',
    { schema: { ...hide, body: VerifyBodySchema, querystring: RedirectQuerySchema } },
    async (request) => auth.verifyPost(request.body, requestInfo(request, request.query.redirect_to)),
  );

  app.get('/verify', { schema: { ...hide, querystring: VerifyQuerySchema } }, async (request, reply) => {
    const location = await auth.verifyGet(request.query, requestInfo(request));
    return reply.redirect(location, 303);
  });

  // --- MFA ---

  app.post('/factors', { schema: { ...hide, body: EnrollBodySchema } }, async (request) =>
    auth.enrollFactor(await authenticate(request), request.body),
  );

  app.post(
    '/factors/:factorId/challenge',
    { schema: { ...hide, params: FactorParamsSchema } },
    async (request) =>
      auth.challengeFactor(await authenticate(request), request.params.factorId, requestInfo(request)),
  );

  app.post(
    '/factors/:factorId/verify',
    { schema: { ...hide, params: FactorParamsSchema, body: VerifyFactorBodySchema } },
    async (request) =>
      auth.verifyFactor(
        await authenticate(request),
        request.params.factorId,
        request.body,
        requestInfo(request),
      ),
  );

  app.delete('/factors/:factorId', { schema: { ...hide, params: FactorParamsSchema } }, async (request) =>
    auth.unenrollFactor(await authenticate(request), request.params.factorId),
  );

  // --- providers SYS does not offer: GoTrue's answers for a provider that is not enabled ---

  app.get('/authorize', { schema: hide }, async () => {
    throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
  });

  // Linking and unlinking identities is GoTrue's manual linking, which SYS never enables: every
  // account has exactly its email identity. GoTrue checks the session first, then refuses.
  const manualLinkingDisabled = async (request: FastifyRequest) => {
    await authenticate(request);
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  };

  app.get('/user/identities/authorize', { schema: hide }, manualLinkingDisabled);

  app.delete(
    '/user/identities/:identityId',
    { schema: { ...hide, params: IdentityParamsSchema } },
    manualLinkingDisabled,
  );

  app.post('/sso', { schema: hide }, async () => {
    throw notFound('sso_provider_not_found', 'SAML 2.0 is disabled');
  });
};
