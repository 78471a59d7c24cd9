import type { Decider } from '../shared';
import { batchDecider } from '../batch';
import { postDecider } from '../post';
import { seriesDecider } from '../series';
import { socialLinkDecider } from '../social-link';
import { subscriptionDecider } from '../subscription';
import { emailRegistryDecider, googleIdentityDecider, userDecider } from '../user';
import { videoDecider } from '../video';
import { projectionDecider } from './rebuild';

type AnyDecider = Pick<Decider<never, { type: string; data: unknown }, unknown>, 'evolve' | 'initialState'>;

/**
 * The decider of each stream category: time travel folds a stream's events with the same
 * `evolve` the command side decides with, so an analyst sees the state a command would have seen.
 */
const DECIDERS: Record<string, AnyDecider> = {
  user: userDecider as unknown as AnyDecider,
  email: emailRegistryDecider as unknown as AnyDecider,
  google: googleIdentityDecider as unknown as AnyDecider,
  video: videoDecider as unknown as AnyDecider,
  subscription: subscriptionDecider as unknown as AnyDecider,
  series: seriesDecider as unknown as AnyDecider,
  batch: batchDecider as unknown as AnyDecider,
  post: postDecider as unknown as AnyDecider,
  social: socialLinkDecider as unknown as AnyDecider,
  projection: projectionDecider as unknown as AnyDecider,
};

export const AGGREGATE_CATEGORIES = Object.keys(DECIDERS);

/** The state folded from `events` with the category's decider; null for a category no decider owns. */
export function foldStream(category: string, events: readonly { type: string; data: unknown }[]): unknown {
  const decider = DECIDERS[category];
  if (!decider) return null;
  return events.reduce((state, event) => decider.evolve(state as never, { type: event.type, data: event.data }), decider.initialState());
}
