// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the
// build, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing on each request. A copy that would not be smaller is not written.
// Usage: node scripts/precompress.mjs [distDir]
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
await Promise.all(
  [...files(dist)].map(async (file) => {
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) return;
    const [b, g] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (b.length < data.length) fs.writeFileSync(`${file}.br`, b);
    if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
    raw += data.length;
    br += Math.min(b.length, data.length);
    count++;
  }),
);
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB -> ${(br / 1024).toFixed(0)} KiB brotli`,
);
