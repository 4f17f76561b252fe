import { createContext, type ReactNode, useContext } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';

const PageLocation = createContext('/');

function PageRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(PageLocation)}>{children}</StaticRouter>;
}

/**
 * Build-time only (build/prerender-pages.ts runs it in Node after the client build): the markup of the page at
 * `location` as the browser's first render produces it (prerender waits for every Suspense boundary, lazy routes
 * included). Any error fails the build rather than shipping a page whose boundaries fall back to client rendering.
 */
export async function prerenderPage(location: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <PageLocation.Provider value={location}>
      <AppRoot Router={PageRouter} />
    </PageLocation.Provider>,
    {
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const markup = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${location} failed`);
  return markup;
}
