import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { moduleChunks } from './build/module-chunks';
import { posters } from './build/posters';
import { pureDomain } from './build/pure-domain';
import { workOutAppTheme } from './src/components/antd-theme';

const api = 'http://127.0.0.1:3000';

/**
 * The browsers the app is built for: those of the last few years (ES2022, AVIF and WebP pictures),
 * so nothing is transpiled down or polyfilled for older ones.
 */
const TARGETS = ['es2022', 'chrome111', 'edge111', 'firefox114', 'safari16.4'];

/**
 * antd's own packages declare no side effects; the rc-component packages and antd's styling helpers
 * it builds on do not say so, though importing any of their modules does nothing by itself. Saying
 * it lets rollup drop what a chunk does not use: an antd Input brought the whole of antd's form
 * engine (rc-form, async-validator) with it through one context it imports.
 */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@emotion[\\/]hash|@babel[\\/]runtime|is-mobile)[\\/]/;

// `npm run build` runs three steps: this client build (with a manifest naming each module's chunk),
// `vite build --ssr src/entry-server.tsx` (the same app for node), and scripts/prerender.mjs, which
// renders the public pages into dist/pages/ with it (their heads, styles and chunks included).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), posters(), pureDomain(), ...(isSsrBuild ? [] : [moduleChunks()])],
  define: {
    // Read through `globalThis`-safe constants so the same code runs under jest (no import.meta there).
    __PIXEL_ID__: JSON.stringify(process.env.VITE_PIXEL_ID ?? ''),
    // The moment the public pages are prerendered: their HTML shows that day's figures until hydrated.
    __BUILD_TIME__: String(Date.now()),
    // The app's antd theme worked out once here rather than in every visitor's browser (components/antd-theme.ts).
    __ANTD_THEME__: JSON.stringify(workOutAppTheme()),
  },
  // The server build bundles its packages as the browser's does, from their ES modules: the app
  // loads a few of antd's by path (`antd/es/modal`, a style hook), which node cannot import itself,
  // and they must share their contexts (theme, styles) with the rest of antd.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': api, '/dev': api },
  },
  preview: { proxy: { '/api': api, '/dev': api } },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    target: TARGETS,
    cssTarget: TARGETS.slice(1),
    // terser (two passes) over esbuild's minifier: 3% less to transfer (/login 120.2 -> 115.8 KB
    // brotli, inside its 120 KB budget) for a build no slower here. The server build is not minified.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    manifest: !isSsrBuild,
    rollupOptions: {
      output: {
        // Every module a route imports is its own chunk unless told otherwise, and a phone opens at
        // most six connections to the product over HTTP/1.1: the detail page's ~50 chunks went out
        // six at a time, a round trip each (Lighthouse: largest paint 4.0 s). Small chunks are
        // merged into the chunks loaded with them (rollup merges only where no page runs code it did
        // not run before, though a page may now load a little it does not run: the dashboard shell
        // carries the affiliates page), ~120 files become ~60, and each route's bytes stay in budget
        // (`npm run bench -- web`).
        experimentalMinChunkSize: 8_000,
        // A merged chunk keeps one of its modules' names; the one that starts the app says so. The
        // server build's are ES modules by name (.mjs), as node reads them without a package type.
        chunkFileNames: (chunk) => `assets/${chunk.moduleIds.some((id) => id.endsWith('/src/app/start.tsx')) ? 'start' : '[name]'}-[hash].${isSsrBuild ? 'mjs' : 'js'}`,
      },
      treeshake: {
        // @app/domain is plain data + schemas; let rollup drop the modules a chunk does not use
        // (the landing page needs the plan catalogue, not zod schemas)...
        moduleSideEffects: (id) => !/[\\/]domain[\\/]src[\\/]/.test(id) && !SIDE_EFFECT_FREE.test(id),
      },
    },
  },
}));
