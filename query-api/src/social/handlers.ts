import { COLLECTIONS, platformOf, type SocialLinkDoc } from '@app/domain';
import { currentUserId, type DocumentStore, type HandlersOf } from '@app/platform';
import { presentLinkStatus } from './presenter';

/** GET /api/auth/:platform/status (spec section 7). */
export function socialHandlers(deps: { docs: DocumentStore }): HandlersOf<'linkStatus'> {
  return {
    linkStatus: async (req, res) => {
      const platform = platformOf(req.params.platform);
      const doc = await deps.docs.collection<SocialLinkDoc>(COLLECTIONS.socialLinks).get(`${currentUserId(req)}:${platform}`);
      res.json(presentLinkStatus(platform, doc));
    },
  };
}
