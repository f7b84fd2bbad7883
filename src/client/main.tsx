import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { persistOptions } from './api/persist';
import { createQueryClient } from './api/query-client';
import { createAppRouter } from './router';
import { registerServiceWorker } from './sw-register';
import './styles.css';
import { applyStoredTheme } from './theme';

// Issue 8: the chosen theme is on the page before React renders its first frame.
applyStoredTheme();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

const persist = persistOptions();
createRoot(container).render(
  <StrictMode>
    {persist ? (
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persist}
        // The restored copy is for showing at once (and offline); online, fetch it fresh.
        onSuccess={() => void queryClient.invalidateQueries()}
      >
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    ) : (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    )}
  </StrictMode>,
);
