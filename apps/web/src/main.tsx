import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders.tsx';
import { AppRouter } from './app/navigation.tsx';
import { RootLayout } from './app/RootLayout.tsx';
import { RootErrorBoundary } from './components/ErrorScreens.tsx';
import { safeStorage } from './lib/storage-keys.ts';
import { applyTheme, readThemeChoice, resolveTheme, systemDarkQuery } from './lib/theme.ts';
import { routeFor } from './routes.tsx';
import './styles/index.css';

// Before the first render, so the first frame already has the right theme (the CSP allows no
// inline script in index.html to do this earlier; CSS covers the system preference until then).
applyTheme(
  resolveTheme(readThemeChoice(safeStorage('local')), window.matchMedia(systemDarkQuery).matches),
);

// The current screen's code starts loading now (on a slow phone the render itself takes long
// enough to delay the request by a round trip, issue 17), and the first render waits for it:
// rendered before, the screen would suspend, and React holds a suspended screen back up to
// 300 ms after its fallback showed (lib/lazy-screen.ts, issue 44). The session's request does
// not wait (index.html preloads it), and index.html's launch screen covers the page meanwhile.
// A failed load renders anyway; the screen retries it itself.
const screenCode = routeFor(window.location.pathname)?.preload?.() ?? Promise.resolve();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
void screenCode
  .catch(() => undefined)
  .then(() => {
    // The first render as a transition: React renders it in slices and yields between them, so
    // the start-up does not hold the main thread in one long task (issue 17: Lighthouse's TBT).
    // StrictMode's double renders and effects run in development only.
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders>
            <AppRouter>
              <RootErrorBoundary>
                <RootLayout />
              </RootErrorBoundary>
            </AppRouter>
          </AppProviders>
        </StrictMode>,
      );
    });
  });
