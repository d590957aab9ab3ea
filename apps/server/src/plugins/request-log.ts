import type { FastifyRequest } from 'fastify';

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

const SECRET_PARAMS = /([?&](?:access_token|refresh_token|token)=)[^&#]*/gi;

export function redactQuery(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
