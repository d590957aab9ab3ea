import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import type { BuildAppOptions } from '../app.ts';
import type { AppConfigInput } from '../config.ts';
import { createTestApp, type TestApp } from './context.ts';

/*
 * Tests that must cover every route (the authorisation matrix, the fuzz test, the body limit) take the
 * list from the app itself, so that a route added later is covered, or fails the test, without anyone
 * remembering to add it.
 */

/** One method of one route, e.g. `{ method: 'PATCH', url: '/api/v1/posts/:id' }`. */
export interface AppRoute {
  method: string;
  url: string;
  /** `METHOD url`, the key matrix entries use. */
  key: string;
  /** The route's own request schemas (zod), documented or not. */
  schema?: RouteOptions['schema'];
}

export interface TestAppWithRoutes extends TestApp {
  routes: AppRoute[];
}

/** Routes that are not our API: the API documentation pages and the CORS preflight catch-all. */
function isOwnApiRoute(route: AppRoute): boolean {
  if (route.url.startsWith('/api/docs')) return false;
  if (route.method === 'OPTIONS' && route.url === '*') return false;
  return /^\/(api|auth|functions|storage|media)(\/|$)/.test(route.url);
}

/** The test app (see `createTestApp`) with the list of its API routes, HEAD twins of GET routes left out. */
export async function createTestAppWithRoutes(
  overrides: Partial<AppConfigInput> = {},
  options: BuildAppOptions = {},
): Promise<TestAppWithRoutes> {
  const seen: RouteOptions[] = [];
  const ctx = await createTestApp(overrides, { ...options, onRoute: (route) => seen.push(route) });
  const routes = new Map<string, AppRoute>();
  for (const route of seen) {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route next to every GET; they share the handler.
      if (method === 'HEAD' && seen.some((r) => r.url === route.url && [r.method].flat().includes('GET')))
        continue;
      const entry = { method, url: route.url, key: `${method} ${route.url}`, schema: route.schema };
      if (isOwnApiRoute(entry)) routes.set(entry.key, entry);
    }
  }
  return { ...ctx, routes: [...routes.values()].sort((a, b) => a.key.localeCompare(b.key)) };
}

/** Methods whose routes may change data. */
export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Replaces `:param` segments (and a trailing `*`) with the given values, or a placeholder. */
export function fillPath(url: string, params: Record<string, string> = {}, fallback = 'x'): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? fallback))
    .replace(/\*$/, params['*'] ?? fallback);
}

/** The path parameter names of a route URL. */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/**
 * A fingerprint of every table (schema.table -> row count and newest row version), to tell exactly
 * which tables a request changed: an insert or update writes a row version with a newer transaction id
 * (`xmin`), a delete lowers the count. Cheap enough to take around every request of a test. `ignore`
 * drops bookkeeping tables that change on any request (rate limits).
 */
export async function tableFingerprints(
  app: FastifyInstance,
  ignore: (table: string) => boolean = isBookkeepingTable,
): Promise<Map<string, string>> {
  const tables = (
    await app.database.query<{ name: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
         from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'auth')
        order by 1`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !ignore(name));
  const union = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as hash from ${name}`,
    )
    .join(' union all ');
  const rows = await app.database.query<{ name: string; hash: string }>(union);
  return new Map(rows.map((row) => [row.name, row.hash]));
}

/** Tables that change on a refused request too: rate-limit counters. */
export function isBookkeepingTable(name: string): boolean {
  return /rate_limit/.test(name);
}

/** Names of the tables whose content differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

export type InjectRequest = InjectOptions & { method: string; url: string };
