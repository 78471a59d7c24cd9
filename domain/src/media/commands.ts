import type { PlanId } from '../catalog/plans';
import type { Command } from '../shared';
import type { MediaItem } from './events';

/** Record a probed, stored file in the creator's library; `plan` is their plan now (its storage quota applies). */
export type UploadMedia = Command<'UploadMedia', MediaItem & { plan: PlanId }>;
export type DeleteMedia = Command<'DeleteMedia', { mediaId: string; userId: string }>;

export type MediaCommand = UploadMedia | DeleteMedia;
