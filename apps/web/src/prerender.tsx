import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { PRERENDERED_PATH } from './app/prerender-state';

function HomeRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={PRERENDERED_PATH}>{children}</StaticRouter>;
}

/**
 * Build-time only (vite.config.ts runs it in Node after the client build): the markup of `/` as the browser's
 * first render produces it (prerender waits for every Suspense boundary). Any error
 * fails the build rather than shipping a page whose boundaries fall back to client rendering.
 */
export async function prerenderHome(): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(<AppRoot Router={HomeRouter} />, {
    onError: (error) => {
      errors.push(error);
    },
  });
  const markup = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, 'prerendering / failed');
  return markup;
}
