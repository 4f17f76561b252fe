import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { canHydratePrerender } from './app/prerender-state';
import { loadHomeRoute } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = <AppRoot Router={BrowserRouter} />;
// `/` arrives prerendered (the build renders it into #root): adopt that markup when this first render matches it,
// once the home route's chunk (modulepreloaded by the page) is in, so nothing is left to hydrate later.
// Otherwise render afresh; React replaces whatever #root holds when it commits.
if (canHydratePrerender(container, window.location.pathname)) {
  void loadHomeRoute().then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}
