/*
 * The one reading of a query string: Fastify parses `request.query` with `parseQueryString`, and the
 * request log finds the parameters to redact with `queryPairs`, so a parameter the app accepts under
 * some spelling (`access%5Ftoken`, `access_t%6Fken`) is recognised by the log under the same spelling.
 */

/**
 * Where the query string of a request target starts (after `?` or `#`, whichever comes first, as
 * Fastify's router splits it), or -1.
 */
export function queryStart(url: string): number {
  const question = url.indexOf('?', 1);
  const hash = url.indexOf('#', 1);
  if (question === -1) return hash;
  if (hash === -1) return question;
  return Math.min(question, hash);
}

/** One component of a query string, decoded: `+` is a space; a malformed %-escape leaves it as sent. */
export function decodeQueryComponent(raw: string): string {
  const spaced = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

export interface QueryPair {
  /** The pair as it came, e.g. `access%5Ftoken=abc`. */
  raw: string;
  /** The decoded name, e.g. `access_token`. */
  name: string;
  /** Where the value starts in `raw` (after the first `=`), or -1 when there is no `=`. */
  valueStart: number;
}

/** The `name=value` pairs of a query string (without its `?`), in order; empty pieces are skipped. */
export function queryPairs(query: string): QueryPair[] {
  const pairs: QueryPair[] = [];
  for (const raw of query.split('&')) {
    if (raw === '') continue;
    const equals = raw.indexOf('=');
    pairs.push({
      raw,
      name: decodeQueryComponent(equals === -1 ? raw : raw.slice(0, equals)),
      valueStart: equals === -1 ? -1 : equals + 1,
    });
  }
  return pairs;
}

/** A parsed query string: its values by name. */
type ParsedQuery = Record<string, string | string[]>;

/**
 * What `parseQueryString` makes its objects with: their prototype is an empty object without a prototype,
 * so that no name (`__proto__`, `constructor`, `toString`) means anything but itself there, as in an
 * object of `Object.create(null)`. Such an object starts as a dictionary in V8, and making, filling and
 * reading it was three quarters of a short query's parse, about 2 µs of every feed request's CPU
 * (bench/RESULTS.md, issue 20); an object made by `new` starts fast.
 */
const ParsedQuery = function ParsedQuery() {} as unknown as new () => ParsedQuery;
ParsedQuery.prototype = Object.create(null);

/**
 * Fastify's query-string parser (`routerOptions.querystringParser`): a repeated name gives an array, a
 * name without `=` an empty string. Nothing is inherited (ParsedQuery), so `__proto__` is an ordinary name.
 */
export function parseQueryString(query: string): ParsedQuery {
  const result = new ParsedQuery();
  for (const pair of queryPairs(query)) {
    const value = pair.valueStart === -1 ? '' : decodeQueryComponent(pair.raw.slice(pair.valueStart));
    const current = result[pair.name];
    if (current === undefined) result[pair.name] = value;
    else if (Array.isArray(current)) current.push(value);
    else result[pair.name] = [current, value];
  }
  return result;
}
