import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { persistOptions, queryClient, revalidateAfterRestore } from './query-client.ts';
import { ThemeProvider } from './ThemeProvider.tsx';
import { ToastProvider } from './ToastProvider.tsx';

/** Providers that do not need the router. Router-bound ones live in RootLayout. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={revalidateAfterRestore}
    >
      <ThemeProvider>
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </PersistQueryClientProvider>
  );
}
