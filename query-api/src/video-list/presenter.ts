import type { VideoListDoc, VideoListItem } from '@app/domain';

/** A card of the dashboard's list: exactly the fields of spec section 3. */
export function presentVideoListItem(doc: VideoListDoc): VideoListItem {
  return { _id: doc._id, title: doc.title, createdAt: doc.createdAt, aspectRatio: doc.aspectRatio, duration: doc.duration, status: doc.status ?? 'start', seriesId: doc.seriesId };
}
