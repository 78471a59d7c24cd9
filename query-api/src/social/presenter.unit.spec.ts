import { ROUTES, type SocialLinkDoc } from '@app/domain';
import { presentLinkStatus } from './presenter';

const linked = (platform: SocialLinkDoc['platform']): SocialLinkDoc => ({
  _id: `u1:${platform}`, userId: 'u1', platform, connected: true, linkedAt: '2026-11-01T00:00:00.000Z',
  account: { accountId: 'UC123', name: 'Ada Channel', username: 'ada', profileUrl: 'https://img/ada.jpg', channelUrl: 'https://tiktok.com/@ada' },
});

describe('A platform\'s link status (spec section 3)', () => {
  it('should answer only `connected: false` when nothing is linked', () => {
    expect(presentLinkStatus('youtube', null)).toEqual({ connected: false });
  });
  it("should give each platform exactly its own fields", () => {
    expect(presentLinkStatus('youtube', linked('youtube'))).toEqual({ connected: true, profileUrl: 'https://img/ada.jpg', channelName: 'Ada Channel', channelId: 'UC123' });
    expect(presentLinkStatus('tiktok', linked('tiktok'))).toEqual({ connected: true, profileUrl: 'https://img/ada.jpg', username: 'ada', channelUrl: 'https://tiktok.com/@ada' });
    expect(presentLinkStatus('instagram', linked('instagram'))).toEqual({ connected: true, username: 'ada' });
    for (const platform of ['youtube', 'tiktok', 'instagram'] as const) expect(ROUTES.linkStatus.answer.safeParse(presentLinkStatus(platform, linked(platform))).success).toBe(true);
  });
  it('should show an unlinked account as not connected', () => {
    expect(presentLinkStatus('tiktok', { ...linked('tiktok'), connected: false, account: null })).toEqual({ connected: false });
  });
});
