import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/*
 * Text PostgreSQL cannot store is refused at the door, for every route at once: the NUL character
 * (U+0000; `text` and `jsonb` both refuse it) and UTF-16 surrogates without their pair (not Unicode
 * characters at all; JSON's `\ud800` escape makes them). Without this check such a string reached the
 * database and failed there, a 500 logged for a client's typo. Every other character is stored as
 * sent: PostgreSQL takes the other control characters, and texts like a bio keep their line breaks.
 */

/** The first character of `text` PostgreSQL cannot store, described for the client, or null. */
export function unstorableCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return 'the NUL character (U+0000)';
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    return `an unpaired surrogate (U+${unit.toString(16).toUpperCase()})`;
  }
  return null;
}

/**
 * Arrays and plain objects: JSON, form and query-string values. The router's and the query parser's
 * objects have an empty prototype object without a prototype of its own.
 */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return true;
  return Object.getPrototypeOf(proto) === null && Object.getOwnPropertyNames(proto).length === 0;
}

/** How deeply a request's JSON may nest: far more than any of our schemas, far less than the stack. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The first problem in `value` (itself, or any key or string inside its arrays and plain objects) that
 * the database or the server cannot take: text PostgreSQL cannot store, or nesting deeper than
 * MAX_INPUT_DEPTH (stored metadata is serialized with JSON.stringify, whose recursion a few thousand
 * levels overflow). Returns the field's path (`body.data.name`) and what is wrong there. Streams,
 * buffers and other objects are left alone. Iterative, so no input can overflow this walk itself.
 */
export function findUnstorableText(value: unknown, root: string): { field: string; problem: string } | null {
  const pending: Array<[unknown, string, number]> = [[value, root, 0]];
  while (pending.length > 0) {
    const [current, field, depth] = pending.pop()!;
    if (typeof current === 'string') {
      const problem = unstorableCharacter(current);
      if (problem) return { field, problem: `must not contain ${problem}` };
      continue;
    }
    if (!isPlainContainer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return { field, problem: `must not be nested more than ${MAX_INPUT_DEPTH} levels deep` };
    }
    for (const key of Object.keys(current)) {
      const problem = unstorableCharacter(key);
      // The name is shown without the character itself.
      if (problem)
        return {
          field: `${field}.${[...key].map((c) => (unstorableCharacter(c) ? '\ufffd' : c)).join('')}`,
          problem: `must not contain ${problem} in its name`,
        };
      pending.push([(current as Record<string, unknown>)[key], `${field}.${key}`, depth + 1]);
    }
  }
  return null;
}

const PARTS = ['params', 'query', 'body'] as const;

/** Refuses the request (400 validation_failed naming the field) if any of its input cannot be taken. */
export function assertStorableText(request: FastifyRequest): void {
  for (const part of PARTS) {
    const found = findUnstorableText(request[part], part);
    if (found) {
      throw badRequest(`Invalid ${found.field}: ${found.problem}`, [
        { field: found.field, message: found.problem },
      ]);
    }
  }
}

/**
 * Checks every route's path parameters, query and parsed body before validation and before any
 * handler runs. Register before the routes: a hook applies to the routes added after it.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => assertStorableText(request));
}
