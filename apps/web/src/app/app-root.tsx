import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { createRouter } from './router';
import { initAppI18n } from '@/i18n/app-i18n';

/** The whole SPA: router, TanStack Query and the session. Loaded by main.tsx for every non-public address. */
export async function mountApp(container: HTMLElement): Promise<void> {
  // The catalogs of the user's language are loaded before the first render, so no text flashes in English.
  await initAppI18n();
  const queryClient = createQueryClient();
  const router = createRouter();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
