import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/provider.tsx';
import { routes } from './app/routes.tsx';

/** The back office lives under /backoffice/ (vite base, served by the platform server). */
export const BASENAME = '/backoffice';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes, { basename: BASENAME }));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
