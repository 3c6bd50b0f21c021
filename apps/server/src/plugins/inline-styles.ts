import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A `<style>` element's text: raw up to the first `</style`, as the HTML parser reads it. */
const STYLE_ELEMENT = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style/gi;

/**
 * The CSP sources (`'sha256-...'`) that admit the built page's own `<style>` elements: the
 * build puts the entry's stylesheet into index.html (apps/web/vite.config.ts,
 * `entryStylesInline`), and `style-src 'self'` alone would have the browser ignore it. Read off
 * the page the server sends, so the hash always matches it. None without a build.
 */
export function inlineStyleSources(distDir: string | undefined): string[] {
  let html: string;
  try {
    html = distDir ? fs.readFileSync(path.join(distDir, 'index.html'), 'utf8') : '';
  } catch {
    return [];
  }
  const sources = new Set<string>();
  for (const [, css] of html.matchAll(STYLE_ELEMENT)) {
    sources.add(
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
    );
  }
  return [...sources];
}
