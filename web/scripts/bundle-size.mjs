// Initial JS of a route: the entry chunk plus the static imports of the route chunk, gzipped.
// Usage: node web/scripts/bundle-size.mjs [routeChunkPrefix=landing]
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)[1];
const prefix = process.argv[2] ?? 'landing';

const staticImports = (file) => {
  const code = readFileSync(join(assets, file), 'utf8');
  const out = new Set();
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) out.add(m[1]);
  return [...out];
};
const closure = (roots) => {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
};
const entryCode = readFileSync(join(assets, entry), 'utf8');
const routeChunk = readdirSync(assets)
  .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))
  .find((f) => entryCode.includes(`import("./${f}")`));
const files = closure([entry, ...(routeChunk ? [routeChunk] : [])]);
let total = 0;
for (const f of files) {
  const gz = gzipSync(readFileSync(join(assets, f))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${basename(f)}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total initial JS (gzip) for '${prefix}'`);
