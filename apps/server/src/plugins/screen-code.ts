import fs from 'node:fs';
import path from 'node:path';

/** One chunk of the web build's manifest (Vite's `build.manifest`), as far as it is read here. */
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/** Where `vite build` writes the manifest, inside the build (not served: no route names it). */
export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

/** The build's manifest, or null for a build without one (the app then preloads no code). */
export function readBuildManifest(root: string): BuildManifest | null {
  const file = path.join(root, MANIFEST_PATH);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
}

/** A chunk's files and every chunk it imports statically, depth first. */
function closure(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

/**
 * `Link` header values that fetch a lazily loaded screen's code beside the entry chunk (issue
 * 17): its chunk and the chunks it imports as module preloads, its styles as style preloads.
 * What the entry itself imports is left out: index.html names it already. `crossorigin` matches
 * the requests the app's own loader makes later (Vite's preload helper sets it on both), so the
 * browser takes up the preloaded responses instead of fetching again.
 */
export function screenCodeLinks(manifest: BuildManifest, screenModule: string): string[] {
  if (!manifest[screenModule]) return [];
  const entry = closure(manifest, 'index.html');
  const chunks = [...closure(manifest, screenModule)].filter((key) => !entry.has(key));
  const entryCss = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const css = new Set(chunks.flatMap((key) => manifest[key]?.css ?? []));
  return [
    ...chunks.map((key) => `</${manifest[key]!.file}>; rel=modulepreload; crossorigin`),
    ...[...css]
      .filter((file) => !entryCss.has(file))
      .map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
  ];
}
