import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { canHydratePrerender } from './app/prerender-state';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = <AppRoot Router={BrowserRouter} />;
// `/` and the pages that need nothing to draw arrive prerendered (the build renders them into #root): adopt that
// markup when this first render matches it. Otherwise render afresh; React replaces whatever #root holds when it
// commits.
if (canHydratePrerender(container)) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
