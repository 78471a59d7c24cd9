import type { InstagramLinkStatus, Platform, SocialLinkDoc, TikTokLinkStatus, YouTubeLinkStatus } from '@app/domain';

/** Link status, per platform, with exactly the fields of spec section 3. */
export function presentLinkStatus(platform: Platform, doc: SocialLinkDoc | null): YouTubeLinkStatus | TikTokLinkStatus | InstagramLinkStatus {
  const account = doc?.connected ? doc.account : null;
  if (!account) return { connected: false };
  const opt = (v: string | null) => v ?? undefined;
  switch (platform) {
    case 'youtube':
      return { connected: true, profileUrl: opt(account.profileUrl), channelName: opt(account.name), channelId: account.accountId };
    case 'tiktok':
      return { connected: true, profileUrl: opt(account.profileUrl), username: opt(account.username ?? account.name), channelUrl: opt(account.channelUrl) };
    case 'instagram':
      return { connected: true, username: opt(account.username ?? account.name) };
  }
}
