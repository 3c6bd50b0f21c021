import type { FastifyRequest } from 'fastify';

/** Paths whose query strings carry sign-in secrets (OAuth code, state, nonce, interaction ids). */
const SECRET_QUERIES = /^\/(api\/auth\/|oidc\/|dev-idp\/)/;

/** A URL as it may be written to a log: the query of a sign-in path is left out. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0 || !SECRET_QUERIES.test(url)) return url;
  return `${url.slice(0, query)}?[redacted]`;
}

/**
 * What the request log records of a request (Fastify's `req` serializer): never an OAuth
 * `code` or `state` (issue 18), never cookies or other headers.
 */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    remoteAddress: request.ip,
  };
}
