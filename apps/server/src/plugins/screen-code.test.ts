import { describe, expect, it } from 'vitest';
import { screenCodeLinks, type BuildManifest } from './screen-code.ts';

// The shape `vite build` writes: the entry, shared chunks (keys start with "_"), lazy screens.
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    imports: ['_shared-1.js'],
    css: ['assets/index-1.css'],
  },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_signed-in-1.js': { file: 'assets/signed-in-1.js', imports: ['_shared-1.js', '_schemas-1.js'] },
  '_schemas-1.js': { file: 'assets/schemas-1.js', imports: ['_signed-in-1.js'] },
  'src/screens/Profile/ProfileScreen.tsx': {
    file: 'assets/ProfileScreen-1.js',
    imports: ['_signed-in-1.js', 'index.html', '_shared-1.js'],
    css: ['assets/ProfileScreen-1.css', 'assets/index-1.css'],
  },
  'src/screens/Auth/AuthScreen.tsx': { file: 'assets/AuthScreen-1.js', imports: ['index.html'] },
};

describe('screenCodeLinks', () => {
  it("names the screen's chunk, the chunks it imports and its styles, past what the entry has", () => {
    expect(screenCodeLinks(manifest, 'src/screens/Profile/ProfileScreen.tsx')).toEqual([
      '</assets/ProfileScreen-1.js>; rel=modulepreload; crossorigin',
      '</assets/signed-in-1.js>; rel=modulepreload; crossorigin',
      '</assets/schemas-1.js>; rel=modulepreload; crossorigin',
      '</assets/ProfileScreen-1.css>; rel=preload; as=style; crossorigin',
    ]);
  });

  it('names only the chunk of a screen that shares everything else with the entry', () => {
    expect(screenCodeLinks(manifest, 'src/screens/Auth/AuthScreen.tsx')).toEqual([
      '</assets/AuthScreen-1.js>; rel=modulepreload; crossorigin',
    ]);
  });

  it('names nothing for a module the build does not have', () => {
    expect(screenCodeLinks(manifest, 'src/screens/Gone/GoneScreen.tsx')).toEqual([]);
    expect(screenCodeLinks({}, 'src/screens/Auth/AuthScreen.tsx')).toEqual([]);
  });
});
