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

// The first render in a task of its own, after the start-up modules' evaluation: Preact
// (react-on-preact.ts) renders in one pass, and the two together made one long task.
setTimeout(() => {
  createRoot(container).render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
});
