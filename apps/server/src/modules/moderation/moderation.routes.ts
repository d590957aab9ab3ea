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
import { throwIfInvalid } from '../../lib/request-validation.ts';
import { requireAdmin, requireUser } from '../../plugins/authenticate.ts';
import type { ModerationService } from './moderation.service.ts';

const secured = [{ bearerAuth: [] }];
const profileParams = { paramsNotFound: PROFILE_MESSAGES.profileNotFound };
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const adminOnly = (request: Parameters<typeof requireAdmin>[0]) =>
  requireAdmin(request, MODERATION_MESSAGES.adminOnly);

/** Reports, blocks and the administrators' review under /api/v1. */
export const moderationRoutes: FastifyPluginAsyncZod<{ service: ModerationService }> = async (
  app,
  { service },
) => {
  // --- reports --------------------------------------------------------------------------------------------
  app.post(
    '/reports',
    {
      attachValidation: true,
      schema: {
        tags: ['moderation'],
        summary: 'Report a post, a comment or a user (once each; not your own)',
        description:
          'reason is one of the fixed list; note is optional (at most 500 characters). 404 when the target ' +
          'does not exist or is not visible to the caller, 409 when already reported, 422 for own content.',
        security: secured,
        body: CreateReportBodySchema,
        response: { 201: ReportSchema, 409: ErrorResponseSchema, 422: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      throwIfInvalid(request);
      return reply.status(201).send(await service.report(user.id, request.body));
    },
  );

  // --- blocks ---------------------------------------------------------------------------------------------
  app.get(
    '/blocks',
    {
      attachValidation: true,
      schema: {
        tags: ['moderation'],
        summary: 'The people I blocked, most recent first',
        security: secured,
        querystring: PageQuerySchema,
        response: { 200: BlockedProfilePageSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      throwIfInvalid(request);
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
      attachValidation: true,
      schema: {
        tags: ['moderation'],
        summary: blocked
          ? 'Block a person: neither of you sees the other, nor can message or follow; follows end'
          : 'Unblock a person (repeating it changes nothing)',
        security: secured,
        params: ProfileIdParamsSchema,
        response: { 200: BlockStateSchema, 422: ErrorResponseSchema, ...errors },
      },
      handler: async (request) => {
        const user = requireUser(request);
        throwIfInvalid(request, profileParams);
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
      attachValidation: true,
      schema: {
        tags: ['moderation'],
        summary: 'Administrators: reports with their target, newest first (status defaults to open)',
        security: secured,
        querystring: AdminReportsQuerySchema,
        response: { 200: AdminReportPageSchema, ...errors },
      },
    },
    async (request) => {
      adminOnly(request);
      throwIfInvalid(request);
      return service.listReports(request.query);
    },
  );

  app.patch(
    '/admin/reports/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['moderation'],
        summary: 'Administrators: resolve or dismiss a report (or open it again)',
        security: secured,
        params: IdParamsSchema,
        body: UpdateReportBodySchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) => {
      adminOnly(request);
      throwIfInvalid(request, { paramsNotFound: MODERATION_MESSAGES.reportNotFound });
      return service.setReportStatus(request.params.id, request.body.status);
    },
  );

  app.delete(
    '/admin/posts/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['moderation'],
        summary: "Administrators: remove a post and its stored files; closes the post's open reports",
        security: secured,
        params: IdParamsSchema,
        response: { 200: RemovalResultSchema, ...errors },
      },
    },
    async (request) => {
      adminOnly(request);
      throwIfInvalid(request, { paramsNotFound: POST_MESSAGES.postNotFound });
      return service.removePost(request.params.id);
    },
  );

  app.delete(
    '/admin/comments/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['moderation'],
        summary: "Administrators: remove a comment and its replies; closes the comment's open reports",
        security: secured,
        params: IdParamsSchema,
        response: { 200: RemovalResultSchema, ...errors },
      },
    },
    async (request) => {
      adminOnly(request);
      throwIfInvalid(request, { paramsNotFound: POST_MESSAGES.commentNotFound });
      return service.removeComment(request.params.id);
    },
  );
};
