import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineStyleSources } from './inline-styles.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-inline-styles-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const source = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe("the CSP sources of the built page's inline styles", () => {
  it("hashes each <style> element's text exactly as written, each once", () => {
    const first = ':root{color-scheme:light dark}\n#launch{display:none}';
    const second = '\n  .a > .b { color: red }\n';
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><head><style>${first}</style><STYLE media="print">${second}</STYLE>` +
        `<style>${first}</style></head><body><p style="color: blue">x</p></body>`,
    );
    expect(inlineStyleSources(dist)).toEqual([source(first), source(second)]);
  });

  it('names none for a page without one, a missing build, or none at all', () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><p>no styles</p>');
    expect(inlineStyleSources(dist)).toEqual([]);
    expect(inlineStyleSources(path.join(dist, 'missing'))).toEqual([]);
    expect(inlineStyleSources(undefined)).toEqual([]);
  });
});
