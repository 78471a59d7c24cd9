import { catalog } from '@app/domain';
import type { HandlersOf } from '@app/platform';

/** GET /api/catalog: one source of topics, voices, styles, formats and plans for every client. */
export function catalogHandlers(): HandlersOf<'catalog'> {
  const body = catalog();
  return {
    catalog: (_req, res) => {
      res.setHeader('cache-control', 'public, max-age=300');
      res.json(body);
    },
  };
}
