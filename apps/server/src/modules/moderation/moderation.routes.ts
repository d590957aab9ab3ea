import {
  AdminReportPageSchema,
  AdminReportsQuerySchema,
  BlockedProfilePageSchema,
  BlockStateSchema,
  CreateReportBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  MODERATION_MESSAGES,
  PageQuerySchema,
  POST_MESSAGES,
  PROFILE_MESSAGES,
  ProfileIdParamsSchema,
  RemovalResultSchema,
  ReportSchema,
  UpdateReportBodySchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { ModerationService } from './moderation.service.ts';

const profileParams = { paramsNotFound: PROFILE_MESSAGES.profileNotFound };
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const adminOnly = { access: 'admin', adminOnlyMessage: MODERATION_MESSAGES.adminOnly } as const;

/** Reports, blocks and the administrators' review under /api/v1. */
export const moderationRoutes: FastifyPluginAsyncZod<{ service: ModerationService }> = async (
  app,
  { service },
) => {
  // --- reports --------------------------------------------------------------------------------------------
  app.post(
    '/reports',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Report a post, a comment or a user (once each; not your own)',
        description:
          'reason is one of the fixed list; note is optional (at most 500 characters). 404 when the target ' +
          'does not exist or is not visible to the caller, 409 when already reported, 422 for own content.',
        body: CreateReportBodySchema,
        response: { 201: ReportSchema, 409: ErrorResponseSchema, 422: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.status(201).send(await service.report(user.id, request.body));
    },
  );

  // --- blocks ---------------------------------------------------------------------------------------------
  app.get(
    '/blocks',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'The people I blocked, most recent first',
        querystring: PageQuerySchema,
        response: { 200: BlockedProfilePageSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listBlocked(user.id, request.query);
    },
  );

  for (const [method, blocked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/blocks/:profileId',
      config: { access: 'user', ...profileParams },
      schema: {
        tags: ['moderation'],
        summary: blocked
          ? 'Block a person: neither of you sees the other, nor can message or follow; follows end'
          : 'Unblock a person (repeating it changes nothing)',
        params: ProfileIdParamsSchema,
        response: { 200: BlockStateSchema, 422: ErrorResponseSchema, ...errors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return blocked
          ? service.block(user.id, request.params.profileId)
          : service.unblock(user.id, request.params.profileId);
      },
    });
  }

  // --- the administrators' review -------------------------------------------------------------------------
  app.get(
    '/admin/reports',
    {
      config: adminOnly,
      schema: {
        tags: ['moderation'],
        summary: 'Administrators: reports with their target, newest first (status defaults to open)',
        querystring: AdminReportsQuerySchema,
        response: { 200: AdminReportPageSchema, ...errors },
      },
    },
    async (request) => service.listReports(request.query),
  );

  app.patch(
    '/admin/reports/:id',
    {
      config: { ...adminOnly, paramsNotFound: MODERATION_MESSAGES.reportNotFound },
      schema: {
        tags: ['moderation'],
        summary: 'Administrators: resolve or dismiss a report (or open it again)',
        params: IdParamsSchema,
        body: UpdateReportBodySchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) => service.setReportStatus(request.params.id, request.body.status),
  );

  app.delete(
    '/admin/posts/:id',
    {
      config: { ...adminOnly, paramsNotFound: POST_MESSAGES.postNotFound },
      schema: {
        tags: ['moderation'],
        summary: "Administrators: remove a post and its stored files; closes the post's open reports",
        params: IdParamsSchema,
        response: { 200: RemovalResultSchema, ...errors },
      },
    },
    async (request) => service.removePost(request.params.id),
  );

  app.delete(
    '/admin/comments/:id',
    {
      config: { ...adminOnly, paramsNotFound: POST_MESSAGES.commentNotFound },
      schema: {
        tags: ['moderation'],
        summary: "Administrators: remove a comment and its replies; closes the comment's open reports",
        params: IdParamsSchema,
        response: { 200: RemovalResultSchema, ...errors },
      },
    },
    async (request) => service.removeComment(request.params.id),
  );
};
