import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { createRouter } from './router';

/** The whole SPA: router, TanStack Query and the session. Loaded by main.tsx for every non-public address. */
export function mountApp(container: HTMLElement): void {
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
