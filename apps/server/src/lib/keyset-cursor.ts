import { AppError } from './errors.ts';

/** A position in a list ordered by (created_at, id): the last row a page showed. */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

/*
 * List cursors are opaque to clients: base64url of '<created_at ISO>|<id>'. The next page continues
 * strictly past that row, so rows inserted meanwhile neither repeat nor shift the following pages.
 * created_at columns keep millisecond precision, so the ISO text round-trips exactly.
 */
export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(positionKey(position), 'utf8').toString('base64url');
}

/**
 * A decoded position as text, '' for the first page: one key for every spelling of a cursor that names
 * it (the id is in lower case after decodeKeysetCursor), for caches of pages.
 */
export function positionKey(position: KeysetPosition | undefined): string {
  return position ? `${position.createdAt.toISOString()}|${position.id}` : '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A time the database can take as a parameter: the years 1 to 9999. JavaScript dates reach further
 * (year 0, year -271821), which PostgreSQL refuses (`date/time field value out of range`).
 */
export function isStorableTime(date: Date): boolean {
  const time = date.getTime();
  return time >= FIRST_STORABLE && time <= LAST_STORABLE;
}

/**
 * The position a cursor names, its id in lower case (as PostgreSQL writes a uuid, so that positions
 * compare alike in SQL and in JavaScript); undefined for the first page; 400 'Invalid cursor' for
 * anything else.
 */
export function decodeKeysetCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const [iso, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = iso ? new Date(iso) : undefined;
  if (!createdAt || !isStorableTime(createdAt) || !id || !UUID.test(id) || extra !== undefined) {
    throw new AppError(400, 'validation_failed', 'Invalid cursor', [
      { field: 'querystring.cursor', message: 'Invalid cursor' },
    ]);
  }
  return { createdAt, id: id.toLowerCase() };
}
