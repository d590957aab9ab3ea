import { AppError } from './errors.ts';
import { isStorableTime } from './keyset-cursor.ts';

/*
 * Cursors of lists ordered by a computed number before time and id: search relevance, 'For you' scores,
 * 'Fits like me' distances, follower and click counts. Opaque to clients like the keyset cursors
 * (lib/keyset-cursor.ts): base64url of a small JSON array. The next page continues strictly after the
 * position in the list's order, so it neither repeats nor skips rows while the data stays put.
 */

/** A position in a list ordered by (score, created_at, id). */
export interface ScoredPosition {
  score: number;
  createdAt: Date;
  id: string;
}

/** A position in a list ordered by (count, id), e.g. creators by followers. */
export interface CountedPosition {
  count: number;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function invalidCursor(): AppError {
  return new AppError(400, 'validation_failed', 'Invalid cursor', [
    { field: 'querystring.cursor', message: 'Invalid cursor' },
  ]);
}

function encode(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

function decode(cursor: string): unknown[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values)) return values;
  } catch {
    // reported below
  }
  throw invalidCursor();
}

export function encodeScoredCursor(position: ScoredPosition): string {
  return encode([position.score, position.createdAt.toISOString(), position.id]);
}

export function decodeScoredCursor(cursor: string | undefined): ScoredPosition | undefined {
  if (cursor === undefined) return undefined;
  const [score, iso, id, ...rest] = decode(cursor);
  const createdAt = typeof iso === 'string' ? new Date(iso) : undefined;
  if (
    typeof score !== 'number' ||
    !Number.isFinite(score) ||
    !createdAt ||
    !isStorableTime(createdAt) ||
    typeof id !== 'string' ||
    !UUID.test(id) ||
    rest.length > 0
  ) {
    throw invalidCursor();
  }
  return { score, createdAt, id };
}

export function encodeCountedCursor(position: CountedPosition): string {
  return encode([position.count, position.id]);
}

export function decodeCountedCursor(cursor: string | undefined): CountedPosition | undefined {
  if (cursor === undefined) return undefined;
  const [count, id, ...rest] = decode(cursor);
  // Counts are PostgreSQL integers (count(*)::int).
  if (
    !Number.isInteger(count) ||
    (count as number) < 0 ||
    (count as number) > 2_147_483_647 ||
    typeof id !== 'string' ||
    !UUID.test(id) ||
    rest.length > 0
  ) {
    throw invalidCursor();
  }
  return { count: count as number, id };
}
