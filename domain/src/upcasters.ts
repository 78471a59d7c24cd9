import type { Upcaster } from './shared/upcasting';

/**
 * Every change of a stored event's shape, oldest first. Add one when an event's data changes
 * shape; never edit a released one.
 */
export const UPCASTERS: readonly Upcaster[] = [
  // v1 → v2: render retries: each stage reports which attempt reached it (the first, for events written before).
  { type: 'RenderStageReached', fromVersion: 1, upcast: (data: Record<string, unknown>) => ({ ...data, attempt: data.attempt ?? 1 }) },
  // v1 → v2: Google sign-in and the affiliate code were added to registrations: absent means none.
  { type: 'UserRegistered', fromVersion: 1, upcast: (data: Record<string, unknown>) => ({ ...data, googleId: data.googleId ?? null, fpr: data.fpr ?? null }) },
];
