import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What auth-js and the data API client send: their requests must pass a browser's preflight. */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'apikey',
  'Content-Type',
  'X-Client-Info',
  'X-Supabase-Api-Version',
];

/** Response headers clients must be able to read: paging of the admin API and the API version. */
export const CORS_EXPOSED_HEADERS = ['X-Total-Count', 'Link', 'X-Supabase-Api-Version'];

/**
 * CORS for the whole app. Credentials travel as bearer tokens, never as cookies, so any origin may
 * call the API: a page on another origin gets nothing it could not get by calling the API itself.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 86_400,
  });
}
