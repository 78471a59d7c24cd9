/**
 * Which chunk holds each of the app's own modules, written next to the build's manifest
 * (dist/.vite/module-chunks.json, `src/app/routes/login.tsx` → `assets/login-….js`). The manifest
 * names a lazily loaded module's chunk by the module only when the chunk is nothing but that
 * module's: once other chunks import from it (a route whose later parts load on their own, importing
 * back what they share), it is named after its file. scripts/prerender.mjs reads both to find the
 * chunks, styles and imports of each page's modules.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';

export const MODULE_CHUNKS = '.vite/module-chunks.json';

export function moduleChunks(): Plugin {
  let root = '';
  return {
    name: 'module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const path = relative(root, id).split('\\').join('/');
          if (path.startsWith('src/')) chunks[path] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: MODULE_CHUNKS, source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}
