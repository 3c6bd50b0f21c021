import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { inlineStyleSources, styleSourcesOf } from './inline-styles.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-inline-styles-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

const source = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe("the CSP sources of a page's inline styles", () => {
  it("hashes each <style> element's text exactly as written, each once", () => {
    const first = ':root{color-scheme:light dark}\n#launch{display:none}';
    const second = '\n  .a > .b { color: red }\n';
    const html =
      `<!doctype html><head><style>${first}</style><STYLE media="print">${second}</STYLE>` +
      `<style>${first}</style></head><body><p style="color: blue">x</p></body>`;
    expect(styleSourcesOf(html)).toEqual([source(first), source(second)]);
  });

  it('hashes the text as the browser parses it: line ends as LF, comments not elements', () => {
    const html =
      '<!-- the page keeps its <style> inline; <style>not this</style> -->\r\n' +
      '<style>.a{}\r\n.b{}\r.c{}</style>';
    expect(styleSourcesOf(html)).toEqual([source('.a{}\n.b{}\n.c{}')]);
  });

  it('names none for a page without one, a missing build, or none at all', () => {
    expect(styleSourcesOf('<!doctype html><p>no styles</p>')).toEqual([]);
    expect(inlineStyleSources(path.join(dist, 'missing'))()).toEqual([]);
    expect(inlineStyleSources(undefined)()).toEqual([]);
  });

  it('follows the built page when it is rebuilt under the running server', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const page = path.join(dist, 'index.html');
    fs.writeFileSync(page, '<style>.old{}</style>');
    const sources = inlineStyleSources(dist);
    expect(sources()).toEqual([source('.old{}')]);
    fs.writeFileSync(page, '<style>.new-build{}</style>');
    // Looked at again at most once a second.
    expect(sources()).toEqual([source('.old{}')]);
    vi.advanceTimersByTime(1_000);
    expect(sources()).toEqual([source('.new-build{}')]);
    fs.rmSync(page);
    vi.advanceTimersByTime(1_000);
    expect(sources()).toEqual([]);
  });
});
