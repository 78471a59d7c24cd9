import { COLLECTIONS, evolveSubscription, initialSubscriptionState, type SubscriptionEvent, type SubscriptionState, type SubscriptionViewDoc } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

/** Serves the billing card (plan, status, renewal) and the video stats (monthly count, total, plan limit). */
export const SUBSCRIPTION_VIEW = COLLECTIONS.subscriptionView;

export const SUBSCRIPTION_EVENT_TYPES = [
  'SubscriptionActivated', 'SubscriptionRenewed', 'PlanChangeScheduled', 'PlanChanged', 'PaymentFailed', 'CancellationScheduled', 'SubscriptionResumed',
  'SubscriptionEnded', 'VideoCreditUsed', 'VideoProcessingEnded', 'SeriesAllotted', 'SeriesReleased',
] as const;

export const subscriptionViewProjection: Projection = {
  name: 'subscription-view',
  handles: SUBSCRIPTION_EVENT_TYPES,
  collections: [SUBSCRIPTION_VIEW],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    const userId = event.data.userId as string;
    await docs.collection<SubscriptionViewDoc>(SUBSCRIPTION_VIEW).apply(userId, event.position, (current) => {
      const { _id, _position, ...state } = current ?? { _id: userId, _position: 0, ...initialSubscriptionState() };
      void _position;
      return { _id, ...evolveSubscription(state as SubscriptionState, { type: event.type, data: event.data } as SubscriptionEvent) };
    });
  },
};
