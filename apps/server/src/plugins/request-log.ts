import type { FastifyRequest } from 'fastify';
import { queryPairs, queryStart } from '../lib/query-string.ts';

/**
 * What a request log line shows of the request: Fastify's default fields, with credentials that may
 * travel in a query string (the events stream's `access_token`) replaced by `[redacted]`, so that
 * tokens never end up in log files.
 */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Query parameters that carry a credential or a one-time secret, by decoded name (any letter case). */
const SECRET_PARAMS = new Set([
  'access_token',
  'refresh_token',
  'provider_token',
  'provider_refresh_token',
  'id_token',
  'token',
  'token_hash',
  'code',
  'auth_code',
  'code_verifier',
  'apikey',
  'api_key',
  'password',
  'otp',
  'nonce',
  'x-amz-credential',
  'x-amz-security-token',
  'x-amz-signature',
]);

/**
 * The URL with the value of every secret parameter replaced by `[redacted]`. Names are decoded the way
 * the query-string parser decodes them (`access%5Ftoken` is `access_token`), so whatever spelling the
 * app accepts is redacted.
 */
export function redactQuery(url: string): string {
  const start = queryStart(url);
  if (start === -1) return url;
  const pieces = url
    .slice(start + 1)
    .split('&')
    .map((raw) => {
      const [pair] = queryPairs(raw);
      if (!pair || pair.valueStart === -1 || !SECRET_PARAMS.has(pair.name.toLowerCase())) return raw;
      return `${raw.slice(0, pair.valueStart)}[redacted]`;
    });
  return `${url.slice(0, start + 1)}${pieces.join('&')}`;
}
