import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { canHydratePrerender } from './app/prerender-state';
import { preloadPage } from './app/router';

// Every page the build writes has #root: the prerender refuses an index.html without it.
const container = document.getElementById('root') as HTMLElement;

const app = <AppRoot Router={BrowserRouter} />;
// `/` and the pages that need nothing to draw arrive prerendered (the build renders them into #root): adopt that
// markup when this first render matches it. Otherwise render afresh; React replaces whatever #root holds when it
// commits. Either once the page's chunk is here (or failed: the page's error boundary says so), so the first pass
// draws the whole page: a prerendered page is hydrated whole, before any of its data requests can answer.
const start = canHydratePrerender(container)
  ? () => hydrateRoot(container, app)
  : () => createRoot(container).render(app);
void Promise.resolve(preloadPage(location.pathname)).then(start, start);
