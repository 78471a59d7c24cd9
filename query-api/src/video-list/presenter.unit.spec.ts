import { ROUTES } from '@app/domain';
import { presentVideoListItem } from './presenter';

describe('A card of Your Videos', () => {
  it('should carry exactly the fields of spec section 3, "start" before any status', () => {
    const item = presentVideoListItem({ _id: 'v1', userId: 'u1', seriesId: null, title: 'Owls', createdAt: '2026-11-01T10:00:00.000Z', aspectRatio: '16:9', duration: 47, status: null });
    expect(item).toEqual({ _id: 'v1', title: 'Owls', createdAt: '2026-11-01T10:00:00.000Z', aspectRatio: '16:9', duration: 47, status: 'start', seriesId: null });
    expect(ROUTES.listVideos.answer.safeParse({ videos: [item] }).success).toBe(true);
  });
  it('should show the version on show while a re-render runs, never the re-render\'s title', () => {
    const item = presentVideoListItem({ _id: 'v1', userId: 'u1', seriesId: null, title: 'Owls', createdAt: '2026-11-01T10:00:00.000Z', aspectRatio: '9:16', duration: 47, status: 'audio', currentVersion: 1, renderingTitle: 'Owls, again' });
    expect(item).toEqual({ _id: 'v1', title: 'Owls', createdAt: '2026-11-01T10:00:00.000Z', aspectRatio: '9:16', duration: 47, status: 'audio', seriesId: null });
  });
});
