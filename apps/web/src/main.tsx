import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { router } from './app/router.ts';
import { safeStorage } from './lib/storage-keys.ts';
import { applyTheme, readThemeChoice, resolveTheme, systemDarkQuery } from './lib/theme.ts';
import './styles/index.css';

// Before the first render, so the first frame already has the right theme (the CSP allows no
// inline script in index.html to do this earlier; CSS covers the system preference until then).
applyTheme(
  resolveTheme(readThemeChoice(safeStorage('local')), window.matchMedia(systemDarkQuery).matches),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Preact (react-on-preact.ts) renders the first screen in one pass; its work is small enough
// that React's time-sliced start-up render is not needed to keep the main thread free.
createRoot(container).render(
  <AppProviders>
    <RouterProvider router={router} />
  </AppProviders>,
);
