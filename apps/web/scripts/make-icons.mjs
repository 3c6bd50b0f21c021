// Renders the Heartline heart to the PWA icons in public/icons/ (run once after changing the
// artwork: `node apps/web/scripts/make-icons.mjs`). sharp comes from the server workspace and is
// hoisted to the repository's node_modules, so the web app gains no dependency.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const outDir = path.join(publicDir, 'icons');
const THEME = '#e91e63';
const HEART =
  'M256 430c-7 0-14-3-19-8L96 284c-38-38-38-100 0-138s100-38 138 0l22 22 22-22c38-38 100-38 138 0s38 100 0 138L275 422c-5 5-12 8-19 8z';

/** `inset` is the share of the canvas left as margin around the heart (maskable safe zone). */
function iconSvg({ rounded, inset }) {
  const scale = 1 - inset * 2;
  const offset = 512 * inset;
  const background = rounded
    ? `<rect width="512" height="512" rx="112" fill="${THEME}"/>`
    : `<rect width="512" height="512" fill="${THEME}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ff5c8d"/><stop offset="1" stop-color="#c2185b"/>
  </linearGradient></defs>
  ${background}
  <rect width="512" height="512" ${rounded ? 'rx="112"' : ''} fill="url(#g)" opacity="0.55"/>
  <g transform="translate(${offset} ${offset + 12 * scale}) scale(${scale})">
    <path d="${HEART}" fill="#ffffff"/>
  </g>
</svg>`;
}

const targets = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0.12 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0.12 },
  { file: 'maskable-512.png', size: 512, rounded: false, inset: 0.22 },
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, inset: 0.16 },
];

fs.mkdirSync(outDir, { recursive: true });
for (const t of targets) {
  await sharp(Buffer.from(iconSvg(t)))
    .resize(t.size, t.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, t.file));
  console.log(`wrote public/icons/${t.file}`);
}
fs.writeFileSync(path.join(publicDir, 'favicon.svg'), iconSvg({ rounded: true, inset: 0.12 }));
console.log('wrote public/favicon.svg');
