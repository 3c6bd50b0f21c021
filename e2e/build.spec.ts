import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** The web build the server under test serves (scripts/start.mjs builds it before the run). */
const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

function bundledSources(): string[] {
  return fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => {
      const map = JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8')) as {
        sources: string[];
      };
      return map.sources;
    });
}

test('the production build carries no development build of a library', () => {
  const sources = bundledSources();
  // React Router's package exports name only its development build: vite.config.ts aliases the
  // production one. An import the alias misses (say 'react-router/dom') would bring the
  // development build back, next to the production one, with a router context of its own.
  expect(sources.filter((s) => /\/dist\/development\/|\.development\.js$/.test(s))).toEqual([]);
  expect(sources.some((s) => s.includes('react-router/dist/production/'))).toBe(true);
  expect(sources.some((s) => s.includes('react-dom-client.production.js'))).toBe(true);
});
