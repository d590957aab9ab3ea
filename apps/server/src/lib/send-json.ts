import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends an answer that is already in the shape of its route's response schema as JSON text, without the
 * schema's parse on the way out. fastify-type-provider-zod's serializer parses every answer before it
 * writes it: for a page of posts that rebuilt every post, its media and items and checked every id, about
 * a tenth of the server's CPU for a post and half of it for a kept discovery page (bench/RESULTS.md,
 * issue 20). Only for answers whose every object our own code or PostgreSQL builds field by field; a test
 * of each such route checks its answers against the schema made strict. The schema still documents the
 * route. JSON bytes already made (a kept page's) are sent as they are.
 */
export function sendJson(reply: object, body: unknown): FastifyReply {
  // Untyped: a string or Buffer body with a JSON type is sent as it is; bytes are JSON already.
  const text = Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(text);
}

/**
 * A strong ETag of a response body. The one-shot `hash` rather than a Hash object: a signed-in viewer's
 * values on a kept page get one whenever the page is built again (every FEED_CACHE_TTL_MS), and making
 * the object was most of it (~1 us of ~2.5 us here; bench/RESULTS.md, issue 20).
 */
export function etagOf(body: string | Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/** JSON bytes to send, and a strong validator of them. */
export interface JsonBytes {
  body: Buffer;
  etag: string;
}

/** `value`'s JSON text as bytes, with its ETag. */
export function jsonBytes(value: unknown): JsonBytes {
  const json = JSON.stringify(value);
  return { body: Buffer.from(json, 'utf8'), etag: etagOf(json) };
}

/**
 * Sends `answer`'s JSON bytes with its ETag, or 304 when the request's If-None-Match names it. The same
 * address answers differently per viewer (`vary: authorization`); a visitor's copy may be kept by their
 * browser but is revalidated every time (`no-cache`). A signed-in viewer's answer is no-store, as every
 * answer to a request with credentials (plugins/private-caching.ts).
 */
export function sendJsonBytes(
  request: Pick<FastifyRequest, 'headers'>,
  reply: object,
  answer: JsonBytes,
  signedIn: boolean,
): FastifyReply {
  // Untyped: a 304 has no body, and a Buffer body with a JSON type is sent as it is.
  const untyped = reply as FastifyReply;
  untyped.header('vary', 'authorization').header('etag', answer.etag);
  if (!signedIn) untyped.header('cache-control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return untyped.code(304).send();
  return untyped.type('application/json; charset=utf-8').send(answer.body);
}

/** Whether an If-None-Match header names `etag` (a list, weak validators and `*` included). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
