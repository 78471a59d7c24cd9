import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import './styles/global.css';

// zod (the forms' shared schemas, in chunks loaded later) probes `new Function` once to parse
// faster; the content security policy forbids it, and the browser reports the probe as a violation
// though zod catches it. Its global settings, read when it loads, tell it to parse without.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root')!;
if (root.firstElementChild) {
  // A page prerendered at build time (the public pages): its chunks first, then React takes over its HTML.
  // A chunk that fails to arrive is the route boundary's to report.
  const hydrate = () => void hydrateRoot(root, <App />);
  void preloadRoute(window.location.pathname).then(hydrate, hydrate);
} else {
  createRoot(root).render(<App />);
}
