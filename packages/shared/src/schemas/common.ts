import { z } from 'zod';

/** The body of every error the data API answers with. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migration: z.string().nullable(),
  /** The server instance that answered (INSTANCE_ID), when it has a name: which one of a cluster. */
  instance: z.string().optional(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const LivenessResponseSchema = z.object({ status: z.literal('ok') });
