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
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const LivenessResponseSchema = z.object({ status: z.literal('ok') });
