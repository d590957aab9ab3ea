import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '../scrape/scrape.addresses.ts';

/*
 * The one way the server reaches a push service. A subscription's endpoint is whatever a signed-in
 * person sent, so it is an address a user chose: only https, only to public internet addresses (every
 * address the name resolves to, and the connection pinned to the checked one, so a rebinding DNS answer
 * cannot slip in a private address), no credentials in the URL. `allowPrivate` (PUSH_ALLOW_PRIVATE, tests
 * only) also lets http://127.0.0.1 and http://localhost through, for a stand-in push service.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const SEND_TIMEOUT_MS = 10_000;

export class PushEndpointError extends Error {
  override name = 'PushEndpointError';
}

/** Why `endpoint` may not be a push endpoint, or null when it may (before any DNS lookup). */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'http:') {
    return allowPrivate && LOOPBACK_HOSTS.has(url.hostname) ? null : 'must be https';
  }
  if (url.protocol !== 'https:') return 'must be https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowPrivate && !isPublicAddress(host)) return 'must be a public address';
  const name = host.replace(/\.$/, '');
  if (!isIP(host) && !allowPrivate && (name === 'localhost' || name.endsWith('.localhost'))) {
    return 'must be a public address';
  }
  return null;
}

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** Sends one encrypted push; answers the push service's status code. */
export type PushSender = (request: PushRequest) => Promise<number>;

/** Every address a name resolves to. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const resolveAll: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

async function checkedAddress(
  host: string,
  allowPrivate: boolean,
  resolve: Resolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolve(host);
  const first = addresses[0];
  if (!first || (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))) {
    throw new PushEndpointError('the push endpoint does not resolve to a public address');
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The production sender: checks the endpoint again at send time and pins the checked address. */
export function createPushSender(allowPrivate: boolean, resolve: Resolver = resolveAll): PushSender {
  return async (request) => {
    const problem = endpointProblem(request.endpoint, allowPrivate);
    if (problem) throw new PushEndpointError(`push endpoint ${problem}`);
    const url = new URL(request.endpoint);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const target = await checkedAddress(host, allowPrivate, resolve);
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
      } else {
        callback(null, target.address, target.family);
      }
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const outgoing = client.request(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: request.headers,
          lookup,
          timeout: SEND_TIMEOUT_MS,
          ...(isIP(host) ? {} : { servername: host }),
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('push service timed out')));
      outgoing.on('error', reject);
      outgoing.end(request.body ?? undefined);
    });
  };
}
