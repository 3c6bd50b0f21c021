import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** HTML comments: a `<style>` written inside one is not an element. */
const COMMENT = /<!--[\s\S]*?-->/g;
/** A `<style>` element's text: raw up to the first `</style`, as the HTML parser reads it. */
const STYLE_ELEMENT = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style/gi;

/**
 * The CSP sources (`'sha256-...'`) that admit the `<style>` elements of a page, hashed as the
 * browser hashes them: the element's text after the parser has turned CR LF and lone CRs into
 * LF.
 */
export function styleSourcesOf(html: string): string[] {
  const sources = new Set<string>();
  for (const [, css] of html.replace(/\r\n?/g, '\n').replace(COMMENT, '').matchAll(STYLE_ELEMENT)) {
    sources.add(
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
    );
  }
  return [...sources];
}

/** How often, at most, the built page is looked at again for a new build. */
const RECHECK_MS = 1_000;

/**
 * The CSP sources that admit the built page's own `<style>` elements: the build puts the
 * entry's stylesheet into index.html (apps/web/vite.config.ts, `entryStylesInline`), and
 * `style-src 'self'` alone would have the browser ignore it. Read off the page the server
 * sends, so the hash matches it, and read again when the page on disk changes (a rebuild under
 * a running server), checked at most once a second. Empty without a build.
 */
export function inlineStyleSources(distDir: string | undefined): () => string[] {
  const file = distDir && path.join(distDir, 'index.html');
  let version = '';
  let sources: string[] = [];
  let checkedAt = -Infinity;
  return () => {
    const now = performance.now();
    if (!file || now - checkedAt < RECHECK_MS) return sources;
    checkedAt = now;
    try {
      const stat = fs.statSync(file);
      const current = `${stat.mtimeMs}:${stat.size}`;
      if (current !== version) {
        sources = styleSourcesOf(fs.readFileSync(file, 'utf8'));
        version = current;
      }
    } catch {
      sources = [];
      version = '';
    }
    return sources;
  };
}
