import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The whole site under a router: <BrowserRouter> in the browser (main.tsx), a <StaticRouter> at `/` when the
 * build prerenders the home page (prerender.tsx). Both must render this same tree, or hydration would not match.
 */
export function AppRoot({ Router }: { Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <AppProvider>
        <Router>
          <AppRoutes />
        </Router>
      </AppProvider>
    </StrictMode>
  );
}
