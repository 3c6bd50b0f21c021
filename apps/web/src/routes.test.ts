import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch, useParams } from './app/navigation.tsx';
import { routeFor, routes } from './routes.tsx';

/** The path of the route wouter's switch picks for `path`, as RouteSwitch lists them. */
function switchPicks(path: string): string {
  return renderToStaticMarkup(
    createElement(Router, {
      ssrPath: path,
      children: createElement(Switch, {
        children: [
          ...routes.map((route) =>
            createElement(Route, { key: route.path, path: route.path, children: route.path }),
          ),
          createElement(Route, { key: '*', children: 'none' }),
        ],
      }),
    }),
  );
}

const paths = [
  '/',
  '/auth',
  '/network',
  '/network/',
  '/NETWORK',
  '/%6Eetwork',
  '/profile/photo',
  '/chat',
  '/chat/0b6f3c1e-8d0a-4f5e-9a51-3c2d1e0f9a7b',
  '/invite/Ab3_x-9',
  '/invite/abc%3Bdef',
  '/chat/a/b',
  '/staff',
  '/staff/audit',
  '/staff/audit/x',
  '/nowhere',
  '/%E0%A4%A',
];

describe('the route table', () => {
  it.each(paths)('routeFor(%s) names the route the switch shows', (path) => {
    expect(routeFor(path)?.path ?? 'none').toBe(switchPicks(path));
  });

  it('has a screen with code to load for every path but the redirects', () => {
    expect(routeFor('/chat/x')?.preload).toBeTypeOf('function');
    expect(routeFor('/settings')?.preload).toBeTypeOf('function');
    expect(routeFor('/login')?.preload).toBeUndefined();
  });
});

describe('route parameters', () => {
  function Show() {
    return JSON.stringify(useParams());
  }
  const params = (pattern: string, path: string) =>
    JSON.parse(
      renderToStaticMarkup(
        createElement(Router, {
          ssrPath: path,
          children: createElement(Route, { path: pattern, children: createElement(Show) }),
        }),
      ).replace(/&quot;/g, '"'),
    ) as unknown;

  it('are decoded whole, reserved characters included', () => {
    expect(params('/invite/:inviteCode', '/invite/abc%3Bdef')).toEqual({
      0: 'abc;def',
      inviteCode: 'abc;def',
    });
    expect(params('/chat/:chatId', '/chat/%41b')).toEqual({ 0: 'Ab', chatId: 'Ab' });
  });

  it('stay as they are when malformed', () => {
    expect(params('/chat/:chatId', '/chat/100%')).toEqual({ 0: '100%', chatId: '100%' });
  });
});
