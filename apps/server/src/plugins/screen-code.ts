import fs from 'node:fs';
import path from 'node:path';

/** One entry of the build's Vite manifest (`dist/.vite/manifest.json`), as far as it is read. */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/** The build's manifest, or null when there is none (a build without it, or no build). */
export function readViteManifest(distDir: string): ViteManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  return typeof parsed === 'object' && parsed !== null ? (parsed as ViteManifest) : null;
}

type Files = { scripts: string[]; styles: string[] };

/** The files `keys` are built into, with everything they import, each once, in import order. */
function filesOf(manifest: ViteManifest, keys: readonly string[], skip: Set<string>): Files {
  const files: Files = { scripts: [], styles: [] };
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = Object.hasOwn(manifest, key) ? manifest[key] : undefined;
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!skip.has(chunk.file)) files.scripts.push(chunk.file);
    for (const css of chunk.css ?? []) {
      if (!skip.has(css) && !files.styles.includes(css)) files.styles.push(css);
    }
    for (const next of chunk.imports ?? []) walk(next);
  };
  for (const key of keys) walk(key);
  return files;
}

/**
 * `Link` header entries that fetch the code of `modules` (SCREEN_CODE) as the page starts: the
 * app's entry and its styles first, then each file the modules are built into and import,
 * skipping none of what a module needs but the entry's own. Scripts are module preloads and
 * styles style preloads, both in CORS mode like the page's own `crossorigin` tags and the
 * build's loader, so the browser takes up the preloaded copy instead of fetching again.
 * Empty when the manifest names none of the modules.
 */
export function screenCodeLinks(manifest: ViteManifest, modules: readonly string[]): string[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const entry = filesOf(manifest, entryKeys, new Set());
  const screen = filesOf(manifest, modules, new Set([...entry.scripts, ...entry.styles]));
  if (screen.scripts.length === 0) return [];
  const script = (file: string) => `</${file}>; rel=modulepreload; crossorigin`;
  const style = (file: string) => `</${file}>; rel=preload; as=style; crossorigin`;
  return [
    ...entry.scripts.map(script),
    ...entry.styles.map(style),
    ...screen.scripts.map(script),
    ...screen.styles.map(style),
  ];
}
