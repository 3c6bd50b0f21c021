import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Routes whose answers are made per request. */
const DYNAMIC = /^\/(api|oidc|dev-idp)(\/|$)/;

/** Below this many bytes a response goes as it is: the headers cost more than the saving. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Dynamic responses (API JSON, the development provider's pages) are compressed per request:
 * Brotli at a quality cheap enough for the request path, else gzip. Built web assets carry
 * their own .br/.gz copies made at build time (plugins/web.ts), so a response that already has
 * a Content-Encoding is left alone; images are not compressible and go as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  // Built files and media are never compressed per request (before the plugin's own hook).
  app.addHook('onRoute', (route) => {
    if (!DYNAMIC.test(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    // Answers only: request bodies are never decompressed (no second way in for input).
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
