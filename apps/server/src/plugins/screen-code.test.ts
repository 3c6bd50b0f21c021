import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readViteManifest, screenCodeLinks, type ViteManifest } from './screen-code.ts';

// Shaped like the real build's: the entry (index.html) with a chunk of its own and its styles,
// a screen that imports the entry, a shared chunk and a chunk that imports it back (a cycle).
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    imports: ['_icons-b.js'],
    css: ['assets/index-c.css'],
  },
  '_icons-b.js': { file: 'assets/icons-b.js' },
  'src/screens/Screen.tsx': {
    file: 'assets/Screen-d.js',
    imports: ['_icons-b.js', 'index.html', '_signed-in-e.js'],
    css: ['assets/Screen-f.css'],
  },
  '_signed-in-e.js': {
    file: 'assets/signed-in-e.js',
    imports: ['_icons-b.js', '_deep-g.js', 'index.html'],
    css: ['assets/Screen-f.css', 'assets/signed-in-h.css'],
  },
  '_deep-g.js': { file: 'assets/deep-g.js', imports: ['_signed-in-e.js'] },
  'src/components/Bar.tsx': { file: 'assets/Bar-i.js', imports: ['_signed-in-e.js'] },
};

const script = (file: string) => `</assets/${file}>; rel=modulepreload; crossorigin`;
const style = (file: string) => `</assets/${file}>; rel=preload; as=style; crossorigin`;

describe('the code a screen preloads', () => {
  it("is the entry's, then each file its modules import that the entry does not, each once", () => {
    expect(screenCodeLinks(manifest, ['src/screens/Screen.tsx', 'src/components/Bar.tsx'])).toEqual(
      [
        script('index-a.js'),
        script('icons-b.js'),
        style('index-c.css'),
        script('Screen-d.js'),
        script('signed-in-e.js'),
        script('deep-g.js'),
        script('Bar-i.js'),
        style('Screen-f.css'),
        style('signed-in-h.css'),
      ],
    );
  });

  it('is nothing for modules the build does not name, and skips those it does not', () => {
    expect(screenCodeLinks(manifest, ['src/screens/Gone.tsx'])).toEqual([]);
    expect(screenCodeLinks(manifest, ['__proto__', 'constructor'])).toEqual([]);
    expect(screenCodeLinks(manifest, ['src/screens/Gone.tsx', 'src/components/Bar.tsx'])).toEqual([
      script('index-a.js'),
      script('icons-b.js'),
      style('index-c.css'),
      script('Bar-i.js'),
      script('signed-in-e.js'),
      script('deep-g.js'),
      style('Screen-f.css'),
      style('signed-in-h.css'),
    ]);
    expect(screenCodeLinks({}, ['src/screens/Screen.tsx'])).toEqual([]);
  });

  it("reads the build's manifest, and nothing from a build without one or a broken one", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-manifest-'));
    try {
      expect(readViteManifest(dist)).toBeNull();
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(readViteManifest(dist)).toEqual(manifest);
      // One the server cannot use: the page names its answers only.
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html": {"fi');
      expect(readViteManifest(dist)).toBeNull();
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '[]');
      expect(readViteManifest(dist)).toBeNull();
      fs.writeFileSync(
        path.join(dist, '.vite', 'manifest.json'),
        JSON.stringify({ 'index.html': { file: 'assets/index-a.js' }, odd: { name: 'x' }, no: 1 }),
      );
      expect(readViteManifest(dist)).toEqual({ 'index.html': { file: 'assets/index-a.js' } });
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
