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

export const CLIENT_ID_MESSAGES = {
  invalid: 'client_id must be a UUID made by the client (for example with crypto.randomUUID())',
  reused: 'This client_id was already used for another post or conversation',
  deleted: 'What this client_id made was deleted since; it is not made again',
} as const;

/**
 * The id a device gives a comment or message it creates (`client_id`), so that sending it again after a
 * lost answer finds the first one instead of making a second. Unique per author; optional.
 */
export const ClientIdSchema = z.uuid({ error: CLIENT_ID_MESSAGES.invalid });
