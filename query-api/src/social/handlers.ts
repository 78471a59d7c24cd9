import { Router } from 'express';
import { COLLECTIONS, NotFoundError, type Platform, type SocialLinkDoc } from '@app/domain';
import { authenticate, currentUserId, type DocumentStore, type SessionTokens } from '@app/platform';
import { presentLinkStatus } from './presenter';

const PLATFORMS: readonly Platform[] = ['youtube', 'tiktok', 'instagram'];

/** GET /api/auth/:platform/status (spec section 7). */
export function createSocialStatusRouter(deps: { docs: DocumentStore; tokens: SessionTokens }): Router {
  const router = Router();
  router.get('/auth/:platform/status', authenticate(deps.tokens), async (req, res) => {
    const platform = req.params.platform as Platform;
    if (!PLATFORMS.includes(platform)) throw new NotFoundError('Unknown platform');
    const doc = await deps.docs.collection<SocialLinkDoc>(COLLECTIONS.socialLinks).get(`${currentUserId(req)}:${platform}`);
    res.json(presentLinkStatus(platform, doc));
  });
  return router;
}
