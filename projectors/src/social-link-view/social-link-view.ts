import { COLLECTIONS, type SocialLinkDoc, type SocialLinkEvent } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

export const socialLinkDocId = (userId: string, platform: string) => `${userId}:${platform}`;

/** Who is linked, per user and platform: never the tokens (they stay sealed in the events). */
export function evolveSocialLinkView(doc: SocialLinkDoc | null, event: SocialLinkEvent): SocialLinkDoc | null {
  switch (event.type) {
    case 'AccountLinked': {
      const d = event.data;
      return { _id: socialLinkDocId(d.userId, d.platform), userId: d.userId, platform: d.platform, connected: true, account: { ...d.account }, linkedAt: d.at };
    }
    case 'TokensRefreshed':
      return doc;
    case 'AccountUnlinked':
      return { _id: socialLinkDocId(event.data.userId, event.data.platform), userId: event.data.userId, platform: event.data.platform, connected: false, account: null, linkedAt: null };
  }
}

export const socialLinkViewProjection: Projection = {
  name: 'social-link-view',
  handles: ['AccountLinked', 'AccountUnlinked'],
  collections: [COLLECTIONS.socialLinks],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    const id = socialLinkDocId(event.data.userId, event.data.platform);
    await docs.collection<SocialLinkDoc>(COLLECTIONS.socialLinks, { indexes: [['userId']] })
      .apply(id, event.position, (current) => evolveSocialLinkView(current, { type: event.type, data: event.data } as SocialLinkEvent));
  },
};
