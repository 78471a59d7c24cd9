#!/usr/bin/env node
// The public pages and the sign-in screens as finished HTML, made at build time: each page of
// PAGE_HEADS is rendered by the server build of the app (dist-ssr/entry-server.mjs, from
// `vite build --ssr`) into its own copy of dist/index.html, with its title, description, canonical
// link and preview tags, the stylesheets and chunks of its routes (so it paints styled before any
// script runs and its chunks load in parallel with the entry), and a preload of its largest image.
// The signed-in pages get a copy each too, naming their routes' chunks and styles (not prerendered).
// The files go to dist/pages/, named by path in dist/pages/manifest.json, which the server reads.
// Usage (from web/, after both builds): node scripts/prerender.mjs
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const ssr = join(web, 'dist-ssr');

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The client build's manifest: each source module's chunk, its styles and the chunks it imports. */
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The chunks and stylesheets a module needs besides the entry's own, in load order. */
function assetsOf(modules) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: the client manifest has no module ${key}`);
    if (key === entryKey) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
  };
  for (const key of modules) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The page's largest picture (the one rendered with fetchpriority="high"), in the first format its <picture> offers. */
function leadImage(html) {
  const picture = /<picture>((?:(?!<\/picture>).)*fetchpriority="high"(?:(?!<\/picture>).)*)<\/picture>/is.exec(html)?.[1];
  const source = picture && /<source type="([^"]+)" srcset="([^"]+)"/i.exec(picture);
  if (source) return { href: source[2], type: source[1] };
  const img = /<img [^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0];
  const src = img && / src="([^"]+)"/.exec(img)?.[1];
  return src ? { href: src } : null;
}

const { render, routeModules, PAGE_HEADS, APP_PAGES, documentTitle } = await import(pathToFileURL(join(ssr, 'entry-server.mjs')).href);
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const pages = {};
mkdirSync(join(dist, 'pages'), { recursive: true });
for (const [name, head] of Object.entries(PAGE_HEADS)) {
  const { html, modules } = await render(head.path);
  const { scripts, styles } = assetsOf(modules);
  const image = leadImage(html);
  const title = escapeHtml(documentTitle(head.title));
  const description = escapeHtml(head.description);
  const first = [
    `<link rel="canonical" href="${head.path}" />`,
    ...(image ? [`<link rel="preload" as="image" href="${image.href}"${image.type ? ` type="${image.type}"` : ''} fetchpriority="high" />`] : []),
  ];
  // After the entry's own stylesheet, so the routes' rules come later in the cascade, as when the app loads them.
  const last = [...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`), ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`)];
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${first.join('\n    ')}`)
    .replace('</head>', `  ${last.join('\n    ')}\n  </head>`)
    .replace(/(<meta name="description" content=")[^"]*/, `$1${description}`)
    .replace(/(<meta property="og:title" content=")[^"]*/, `$1${title}`)
    .replace(/(<meta property="og:description" content=")[^"]*/, `$1${description}`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  if (!page.includes(html)) throw new Error(`prerender: dist/index.html has no empty <div id="root"></div> for ${head.path}`);
  writeFileSync(join(dist, 'pages', `${name}.html`), page);
  pages[head.path] = `pages/${name}.html`;
  console.log(`prerendered ${head.path}: ${(html.length / 1024).toFixed(1)} KiB of HTML, ${styles.length} stylesheets, ${scripts.length} chunks preloaded${image ? `, ${image.href} preloaded` : ''}`);
}
// The signed-in pages: no body of theirs, but their chunks and styles named for the browser to fetch at once.
for (const { name, path, example } of APP_PAGES) {
  const { scripts, styles } = assetsOf(routeModules(example ?? path));
  const links = [...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`), ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`)];
  writeFileSync(join(dist, 'pages', `${name}.html`), template.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
  pages[path] = `pages/${name}.html`;
}
console.log(`app pages: ${APP_PAGES.length}, with their chunks named`);
writeFileSync(join(dist, 'pages', 'manifest.json'), `${JSON.stringify(pages, null, 2)}\n`);
rmSync(ssr, { recursive: true, force: true });
