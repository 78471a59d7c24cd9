#!/usr/bin/env node
// The public pages and the sign-in screens as finished HTML, made at build time: each page of
// PAGE_HEADS is rendered by the server build of the app (dist-ssr/entry-server.mjs, from
// `vite build --ssr`) into its own copy of dist/index.html, with its title, description, canonical
// link and preview tags, the stylesheets and chunks of its routes (so it paints styled before any
// script runs and its chunks load in parallel with the entry), and a preload of its largest image.
// The signed-in pages get a copy each too, with a skeleton (the dashboard's frame and the page's
// loading state, rendered as a signed-in visitor first sees it) that the app replaces, their routes'
// chunks and styles, and a stylesheet of the antd components it shows, in the app's theme (dist/assets/antd-*.css).
// Every page names the chunk that starts the app (src/app/start.tsx), index.html too.
// A reset link's page and the page of an address outside the app are prerendered too (PLAIN_PAGES).
// The files go to dist/pages/, named by path in dist/pages/manifest.json (`*`: any path outside the
// route table), which the server reads with
// dist/pages/routes.json (the route table's paths: any other is answered 404) and
// dist/pages/session-routes.json (the pages it draws for their visitor with their data).
// Usage (from web/, after both builds): node scripts/prerender.mjs
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const ssr = join(web, 'dist-ssr');

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The client build's manifest: each source module's chunk, its styles and the chunks it imports. */
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
/**
 * The manifest's key for a source module's chunk: the module itself when the chunk is only its own,
 * else the chunk's (found through the chunk of each module, build/module-chunks.ts).
 */
const moduleChunks = JSON.parse(readFileSync(join(dist, '.vite', 'module-chunks.json'), 'utf8'));
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const chunkKeyOf = (module) => (manifest[module] ? module : keyOfFile.get(moduleChunks[module]) ?? module);

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
  for (const module of modules) visit(chunkKeyOf(module));
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

/** Stands for the product's public origin in the prerendered pages; the server fills it in. */
const ORIGIN = '{{origin}}';
/** The picture a link preview shows: a frame of the demo video. */
const PREVIEW = { href: '/media/demo.jpg', width: 540, height: 960, alt: 'A frame of a faceless short video: a crescent moon over night hills, with its caption in white and yellow.' };

const { render, renderSignedIn, routeModules, routePatterns, PAGE_HEADS, PLAIN_PAGES, APP_PAGES, SESSION_ROUTES, documentTitle } = await import(pathToFileURL(join(ssr, 'entry-server.mjs')).href);
/** The module the entry loads once the page is painted: it renders or hydrates the app. */
const START = 'src/app/start.tsx';
const modulePreloads = (scripts) => scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`);
const stylesheets = (styles) => styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`);
// index.html (the pages with no file of their own) names the start chunk too: it loads with the entry, not after it.
// The build's own index.html is kept aside the first time, so that running this again starts from it.
const templateFile = join(dist, '.vite', 'index.template.html');
if (!existsSync(templateFile)) writeFileSync(templateFile, readFileSync(join(dist, 'index.html'), 'utf8'));
const template = readFileSync(templateFile, 'utf8');
const start = assetsOf([START]);
writeFileSync(join(dist, 'index.html'), template.replace('</head>', `  ${[...stylesheets(start.styles), ...modulePreloads(start.scripts)].join('\n    ')}\n  </head>`));
const pages = {};
mkdirSync(join(dist, 'pages'), { recursive: true });
/**
 * A prerendered page of dist/pages/: the template with the page's title (escaped) and `headTags`
 * after it, the stylesheets and chunks of its routes at the end of the head (after the entry's own
 * stylesheet, so the routes' rules come later in the cascade, as when the app loads them), `fill`'s
 * edits, and its HTML in the root; named in the manifest by `path`.
 */
function writePrerendered({ name, path, html, title, headTags, scripts, styles, fill = (page) => page, note = '' }) {
  const page = fill(template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${headTags.join('\n    ')}`)
    .replace('</head>', `  ${[...stylesheets(styles), ...modulePreloads(scripts)].join('\n    ')}\n  </head>`))
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  if (!page.includes(html)) throw new Error(`prerender: dist/index.html has no empty <div id="root"></div> for ${path}`);
  writeFileSync(join(dist, 'pages', `${name}.html`), page);
  pages[path] = `pages/${name}.html`;
  console.log(`prerendered ${path}: ${(html.length / 1024).toFixed(1)} KiB of HTML, ${styles.length} stylesheets, ${scripts.length} chunks preloaded${note}`);
}
for (const [name, head] of Object.entries(PAGE_HEADS)) {
  const { html, modules } = await render(head.path);
  const { scripts, styles } = assetsOf([START, ...modules]);
  const image = leadImage(html);
  const title = escapeHtml(documentTitle(head.title));
  const description = escapeHtml(head.description);
  // Canonical and preview URLs must be absolute: the server puts its public origin where ORIGIN stands
  // (platform/src/http/origin-pages.ts), since the build does not know where the product is published.
  const url = `${ORIGIN}${head.path}`;
  const first = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${ORIGIN}${PREVIEW.href}" />`,
    `<meta property="og:image:width" content="${PREVIEW.width}" />`,
    `<meta property="og:image:height" content="${PREVIEW.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(PREVIEW.alt)}" />`,
    ...(image ? [`<link rel="preload" as="image" href="${image.href}"${image.type ? ` type="${image.type}"` : ''} fetchpriority="high" />`] : []),
  ];
  writePrerendered({
    name,
    path: head.path,
    html,
    title,
    headTags: first,
    scripts,
    styles,
    fill: (page) => page
      .replace(/(<meta name="description" content=")[^"]*/, `$1${description}`)
      .replace(/(<meta property="og:title" content=")[^"]*/, `$1${title}`)
      .replace(/(<meta property="og:description" content=")[^"]*/, `$1${description}`),
    note: image ? `, ${image.href} preloaded` : '',
  });
}
// A reset link's page, and the page of an address outside the app: prerendered as they are, with
// the page's title and their routes' assets, not listed by search engines (no canonical link).
for (const { name, path, example, title } of PLAIN_PAGES) {
  const { html, modules } = await render(example ?? path);
  const { scripts, styles } = assetsOf([START, ...modules]);
  writePrerendered({ name, path, html, title: escapeHtml(documentTitle(title)), headTags: ['<meta name="robots" content="noindex" />'], scripts, styles });
}
// The signed-in pages: a skeleton, not the visitor's page (`data-shell`, app/start.tsx).
const shells = [];
for (const { name, path, example, title, styledModules = [] } of APP_PAGES) {
  try {
    const page = await renderSignedIn(example ?? path);
    // A component that failed on the server leaves React's note for the browser to render it (`<template data-msg>`).
    const failed = /<template data-msg="([^"]*)"/.exec(page.html);
    if (failed) throw new Error(failed[1].replace(/\s+/g, ' '));
    shells.push({ name, path, title, page, styledModules });
  } catch (error) {
    // A page that cannot be drawn without its browser gets no skeleton (the app renders it from scratch).
    console.warn(`prerender: no skeleton for ${path}: ${error instanceof Error ? error.message : error}`);
    shells.push({ name, path, title, page: { html: '', modules: routeModules(example ?? path), antdCss: '', antdVars: '' }, styledModules });
  }
}
for (const { name, path, title, page: { html, modules, antdCss, antdVars }, styledModules } of shells) {
  const { scripts } = assetsOf([START, ...modules]);
  const { styles } = assetsOf([START, ...modules, ...styledModules]);
  // The page's antd styles, named by their content like the build's assets (pages with the same share the file).
  const antdHref = antdCss && `/assets/antd-${createHash('sha256').update(antdCss).digest('base64url').slice(0, 8)}.css`;
  if (antdHref) writeFileSync(join(dist, antdHref), antdCss);
  // When the chunks are asked for. A page whose first screen waits for its data (a loading state in
  // its skeleton) asks at once, at a low priority so that the stylesheets its first paint needs come
  // first. A page whose skeleton is its first screen in full (the Create wizard's first step) has no
  // use for them before it is painted: main.tsx asks for them then (`data-chunks`).
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
  const waitsForData = !html || /aria-busy="true"|class="(?:[^"]* )?(?:skel|ant-skeleton)[ "]/.test(main);
  const preloads = waitsForData ? modulePreloads(scripts).map((link) => link.replace('<link ', '<link fetchpriority="low" ')) : [];
  // antd's sheet before the app's own, so that the app's rules win, as when antd adds its styles at the top of the head;
  // before it, its CSS variables as the style elements antd would write as it takes the page over (it finds them there).
  // The page's own name in the tab from the first paint (the app keeps it: lib/use-document-title.ts).
  let page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(documentTitle(title))}</title>`)
    .replace(/<link rel="stylesheet"/, () => (antdHref ? `${antdVars}\n    <link rel="stylesheet" crossorigin href="${antdHref}" />\n    <link rel="stylesheet"` : '<link rel="stylesheet"'))
    .replace('</head>', `  ${[...stylesheets(styles), ...preloads].join('\n    ')}\n  </head>`);
  // The skeleton stays inert (no control in it answers) until the app has taken the page over
  // (app/provider.tsx). A page whose skeleton is its first screen in full is taken over as it is
  // (hydrated, `data-hydrate`); another is drawn anew in its place (app/start.tsx).
  const root = waitsForData ? 'data-shell="" inert=""' : `data-shell="" data-hydrate="" inert="" data-chunks="${scripts.join(' ')}"`;
  if (html) page = page.replace('<div id="root"></div>', `<div id="root" ${root}>${html}</div>`);
  if (!page.includes(antdHref) || (html && !page.includes(html))) throw new Error(`prerender: dist/index.html has no stylesheet link or no empty <div id="root"></div> for ${path}`);
  writeFileSync(join(dist, 'pages', `${name}.html`), page);
  pages[path] = `pages/${name}.html`;
  if (html) console.log(`skeleton of ${path}: ${(html.length / 1024).toFixed(1)} KiB of HTML, ${(antdCss.length / 1024).toFixed(1)} KiB of antd styles, ${styles.length + 1} stylesheets, ${scripts.length} chunks ${waitsForData ? 'preloaded' : 'named for after the first paint'}`);
}
console.log(`app pages: ${APP_PAGES.length}, with their chunks named`);
writeFileSync(join(dist, 'pages', 'manifest.json'), `${JSON.stringify(pages, null, 2)}\n`);
// The app's routes, for the server to answer every other path with a 404 (platform/src/http/http-app.ts).
const routes = routePatterns();
writeFileSync(join(dist, 'pages', 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
console.log(`routes: ${routes.join(' ')}`);
// The pages the server draws for their visitor (the others go out as their skeleton without asking its worker).
writeFileSync(join(dist, 'pages', 'session-routes.json'), `${JSON.stringify(SESSION_ROUTES, null, 2)}\n`);
console.log(`drawn for their visitor: ${SESSION_ROUTES.join(' ')}`);
// dist-ssr stays: the server draws the signed-in pages for their visitors with it (platform/src/http/session-pages.ts).
