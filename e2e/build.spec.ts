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

/** The bundled sources of a served chunk, from its source map beside it in the build. */
function sourcesOf(url: string): string[] {
  const file = path.join(assets, new URL(url).pathname.replace(/^\/assets\//, '') + '.map');
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] }).sources;
}

test('a signed-out first load of the sign-in page does not load the schema library', async ({
  page,
}) => {
  // zod is ~22 KB of the JavaScript budget (issue 17): the answers a first load waits for are
  // read without it (startup-answers.ts), and the schemas come with the signed-in chunk.
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => sourcesOf(url).length > 0)).toBe(true);
  const withZod = scripts.filter((url) => sourcesOf(url).some((s) => s.includes('/zod/')));
  expect(withZod).toEqual([]);
});
