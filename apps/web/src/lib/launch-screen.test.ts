import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SplashView } from '../components/Splash.tsx';
import { splashSteps } from './splash-progress.ts';

const indexHtml = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

/** Markup with the formatter's line breaks and indents taken out, each tag's attributes sorted. */
const squeeze = (html: string) =>
  html
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/\s+(\/?>)/g, '$1')
    .replace(/<([a-z][\w-]*)((?: [\w-]+(?:="[^"]*")?)*)(\/?)>/g, (_tag, name, attrs, end) => {
      const sorted = (attrs as string).match(/ [\w-]+(?:="[^"]*")?/g)?.sort() ?? [];
      return `<${name}${sorted.join('')}${end}>`;
    })
    .trim();

describe('the launch screen', () => {
  it("is the splash's first frame in index.html, before any script", () => {
    const launch = /<div id="launch" hidden>([\s\S]*?)<p class="launch-late">/.exec(indexHtml);
    const firstFrame = renderToStaticMarkup(
      createElement(SplashView, {
        productName: 'Heartline',
        launch: true,
        steps: splashSteps({
          sessionSettled: false,
          configSettled: false,
          realtimeStarted: false,
          screenLoaded: false,
        }),
      }),
    );
    expect(launch).not.toBeNull();
    expect(squeeze(launch![1]!)).toBe(squeeze(firstFrame));
  });
});
