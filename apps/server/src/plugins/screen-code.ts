import fs from 'node:fs';
import path from 'node:path';

/** One entry of the build's Vite manifest (`dist/.vite/manifest.json`), as far as it is read. */
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The build's manifest, or null when there is none (a build without it, or no build) or it
 * cannot be read: the page then names its answers only. Entries without a file are left out.
 */
export function readViteManifest(distDir: string): ViteManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, ManifestChunk] =>
        typeof entry[1] === 'object' &&
        entry[1] !== null &&
        typeof (entry[1] as { file?: unknown }).file === 'string',
    ),
  );
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
 * page's entry (`index.html`'s script, what it imports, its styles: none today, the build puts
 * them into the page) first, then each file the modules are built into or import that the entry
 * has not named. Scripts are module preloads, styles style preloads. Both carry `crossorigin`,
 * like the page's own tags and the build's loader: a style preloaded without it is not taken
 * up, and the browser fetches it again (a module script is fetched in CORS mode either way).
 * Empty when the manifest names none of the modules.
 */
export function screenCodeLinks(manifest: ViteManifest, modules: readonly string[]): string[] {
  // The page's own entry: the build's other entries (none today) are not on every page.
  const entry = filesOf(manifest, ['index.html'], new Set());
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
