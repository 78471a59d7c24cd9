import { Router } from 'express';
import { catalog } from '@app/domain';

/** GET /api/catalog: one source of topics, voices, styles, formats and plans for every client. */
export function createCatalogRouter(): Router {
  const router = Router();
  const body = catalog();
  router.get('/catalog', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(body);
  });
  return router;
}
