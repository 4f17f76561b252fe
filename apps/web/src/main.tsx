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
// `/` arrives prerendered (the build renders it into #root): adopt that markup when this first render matches it.
// Otherwise render afresh; React replaces whatever #root holds when it commits.
if (canHydratePrerender(container, window.location.pathname)) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
