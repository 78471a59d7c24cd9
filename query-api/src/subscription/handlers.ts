import { currentUserId, type DocumentStore, type HandlersOf } from '@app/platform';
import { subscriptionStateOf } from '../video-stats/presenter';
import { presentSubscription } from './presenter';

/** GET /api/billing/subscription: the Billing page's current plan. */
export function subscriptionHandlers({ docs, now }: { docs: DocumentStore; now: () => Date }): HandlersOf<'subscription'> {
  return {
    subscription: async (req, res) => {
      res.json({ subscription: presentSubscription(await subscriptionStateOf(docs, currentUserId(req)), now()) });
    },
  };
}
