import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is already in the shape of its route's response schema as JSON text, without the
 * schema's parse on the way out. fastify-type-provider-zod's serializer parses every answer before it
 * writes it: for a page of posts that rebuilt every post, its media and items and checked every id, about
 * a tenth of the server's CPU for a post and half of it for a kept discovery page (bench/RESULTS.md,
 * issue 20). Only for answers whose every object our own code or PostgreSQL builds field by field; a test
 * of each such route checks its answers against the schema made strict. The schema still documents the
 * route.
 */
export function sendJson(reply: object, body: unknown): FastifyReply {
  // Untyped: a string body with a JSON type is sent as it is.
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
