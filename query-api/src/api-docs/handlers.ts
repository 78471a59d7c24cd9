import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ALL_ROUTES, asyncApiDocument, openApiDocument } from '@app/domain';
import type { HandlersOf } from '@app/platform';
import { version } from '../../package.json';

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Faceless Studio API</title>
  <link rel="icon" href="/api/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0 });\n`;

/** Swagger UI's files this page serves (nothing else of the package is reachable). */
const ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
  ['init.js', 'text/javascript; charset=utf-8'],
]);

/**
 * GET /api/openapi.json (the document, generated once from the route table, when first asked for), GET /api/docs (a
 * page to browse it: Swagger UI, loaded by this page only, never by the web app) and its files; GET /api/asyncapi.json
 * (the bus contract, generated once from the message schemas the same way).
 */
export function apiDocsHandlers(): HandlersOf<'openApi' | 'asyncApi' | 'apiDocs' | 'apiDocsAsset'> {
  // Generated on the first request (about 12 ms), not at every start.
  let document: string | null = null;
  let busContract: string | null = null;
  const swaggerUi = dirname(require.resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, Buffer>([['init.js', Buffer.from(INIT)]]);
  // A Map, not an object: a file named like a prototype member (`__proto__`, `constructor`) is simply not there.
  const assetOf = (file: string) => {
    let body = assets.get(file);
    if (!body && ASSETS.has(file)) assets.set(file, (body = readFileSync(join(swaggerUi, file))));
    return body;
  };
  return {
    openApi: (_req, res) => {
      res.setHeader('cache-control', 'public, max-age=300');
      document ??= JSON.stringify(openApiDocument(ALL_ROUTES, { version }));
      res.type('application/json').send(document);
    },
    asyncApi: (_req, res) => {
      res.setHeader('cache-control', 'public, max-age=300');
      busContract ??= JSON.stringify(asyncApiDocument());
      res.type('application/json').send(busContract);
    },
    apiDocs: (_req, res) => {
      res.type('html').send(PAGE);
    },
    apiDocsAsset: (req, res) => {
      const file = String(req.params.file);
      const body = assetOf(file);
      if (!body) {
        res.status(404).json({ error: 'Not found' });
        return;
      }
      res.setHeader('cache-control', 'public, max-age=86400');
      res.type(ASSETS.get(file)!).send(body);
    },
  };
}
