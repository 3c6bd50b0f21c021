import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREEN_CODE } from '@heartline/domain';

// The server preloads each screen's code by the module SCREEN_CODE names for its path; a module
// the route table does not load for that path would be fetched for nothing, and the screen's
// own code would wait for the entry chunk again.
describe('SCREEN_CODE', () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');

  /** The module routes.tsx loads lazily for a route path ('discover', 'invite/:inviteCode'). */
  function moduleOf(routePath: string): string | undefined {
    const component = new RegExp(`screen\\('${routePath}', (\\w+)\\)`).exec(source)?.[1];
    if (!component) return undefined;
    const lazy = new RegExp(
      `const ${component} = lazyScreen\\(\\(\\) =>\\s*import\\('\\./([^']+)'\\)`,
    );
    const module = lazy.exec(source)?.[1];
    return module && `src/${module}`;
  }

  it("names the module the route table loads for each screen's path", () => {
    for (const [screenPath, module] of Object.entries(SCREEN_CODE)) {
      expect(moduleOf(screenPath.slice(1)), screenPath).toBe(module);
    }
  });
});
