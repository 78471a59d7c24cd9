#!/usr/bin/env node
/**
 * Builds every service's main module into one JavaScript file, `<workspace>/dist/<main>.js` (with
 * its source map), which `npm start` and the services' start scripts run: production never compiles
 * TypeScript at run time. The workspace packages (`@app/*`) are bundled from their sources through
 * their package entries; every other package stays a `require` of node_modules.
 *
 * Quick when nothing changed: a bundle is rebuilt only when a source file or package.json of the
 * workspaces is newer than it (`--force` rebuilds all).
 *
 *   node infra/scripts/build-services.mjs [--force] [--quiet]
 */
import { build } from 'esbuild';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Each service process's main module. */
export const SERVICE_MAINS = [
  'gateway/src/main.ts',
  'command-api/src/main.ts',
  'command-api/src/autopilot-main.ts',
  'query-api/src/main.ts',
  'projectors/src/main.ts',
  'render-workers/src/main.ts',
];

/** The workspaces whose sources end up in the bundles. */
const BUNDLED_WORKSPACES = ['domain', 'platform', 'command-api', 'query-api', 'projectors', 'render-workers', 'gateway'];

export const bundleOf = (main) => main.replace('/src/', '/dist/').replace(/\.ts$/, '.js');

function newestSourceMtime() {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const workspace of BUNDLED_WORKSPACES) {
    visit(join(root, workspace, 'src'));
    newest = Math.max(newest, statSync(join(root, workspace, 'package.json')).mtimeMs);
  }
  return newest;
}

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Bare imports other than the workspace packages are left to node_modules at run time, and so is
 * every `require.resolve` (a child process's main module: the package's "compiled" entry).
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') && args.kind !== 'require-resolve' ? undefined : { path: args.path, external: true });
  },
};

export async function buildServices({ force = false, quiet = false } = {}) {
  const newest = newestSourceMtime();
  const stale = SERVICE_MAINS.filter((main) => force || mtimeOf(join(root, bundleOf(main))) < newest);
  if (stale.length === 0) return [];
  const started = Date.now();
  await Promise.all(stale.map((main) => build({
    absWorkingDir: root,
    entryPoints: [main],
    outfile: bundleOf(main),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  })));
  if (!quiet) process.stdout.write(`built ${stale.map((main) => relative(root, join(root, bundleOf(main)))).join(', ')} in ${Date.now() - started} ms\n`);
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  buildServices({ force: args.has('--force'), quiet: args.has('--quiet') }).catch((error) => {
    process.stderr.write(`build-services: ${error.message}\n`);
    process.exit(1);
  });
}
