import { platformOf, socialLinkDecider, socialLinkStreamId, type Platform } from '@app/domain';
import { commandMetadata, cookieOf, currentUserId, handle, loadState, type HandlersOf } from '@app/platform';
import { createLinkState, linkCookieName, verifyLinkState } from './oauth-state';
import type { SocialDeps } from './deps';

const callbackPath = (platform: Platform) => `/api/auth/${platform}/callback`;

/**
 * Linked social accounts: connect (→ authUrl), the OAuth callback, disconnect. Link status is
 * served by query-api (social read model); the uploads are in uploads.ts.
 */
export function socialHandlers(deps: SocialDeps): HandlersOf<'connectPlatform' | 'platformCallback' | 'disconnectPlatform'> {
  const log = deps.logger.child({ category: 'social' });

  return {
    connectPlatform: (req, res) => {
      const platform = platformOf(req.params.platform);
      const userId = currentUserId(req);
      const { state, nonce } = createLinkState(deps.stateSecret, userId, platform, deps.clock.now().getTime());
      res.cookie(linkCookieName(platform), nonce, { httpOnly: true, sameSite: 'lax', secure: deps.publicUrl.startsWith('https:'), path: callbackPath(platform), maxAge: 10 * 60_000 });
      const authUrl = deps.publishers[platform].authorizationUrl({ state, redirectUri: `${deps.publicUrl}${callbackPath(platform)}` });
      res.json({ authUrl });
    },

    platformCallback: async (req, res) => {
      const platform = platformOf(req.params.platform);
      const back = (outcome: 'linked' | 'linkError') => res.redirect(302, `/dashboard/account?${outcome}=${platform}`);
      res.clearCookie(linkCookieName(platform), { path: callbackPath(platform) });
      const now = deps.clock.now();
      const state = verifyLinkState(deps.stateSecret, req.query.state, now.getTime());
      const cookieNonce = cookieOf(req.headers.cookie, linkCookieName(platform));
      if (!state || state.platform !== platform || !cookieNonce || cookieNonce !== state.nonce) {
        log.warn({ platform }, 'OAuth callback refused: bad or expired state');
        return back('linkError');
      }
      if (typeof req.query.code !== 'string' || !req.query.code) {
        log.info({ platform, error: typeof req.query.error === 'string' ? req.query.error : undefined }, 'OAuth consent not given');
        return back('linkError');
      }
      try {
        const publisher = deps.publishers[platform];
        const linked = await publisher.exchangeCode({ code: req.query.code, redirectUri: `${deps.publicUrl}${callbackPath(platform)}`, now });
        const stream = socialLinkStreamId(state.userId, platform);
        const { state: before } = await loadState(deps.eventStore, stream, socialLinkDecider);
        const encryptedTokens = await deps.vault.seal(linked.tokens);
        await handle(deps.eventStore, stream, socialLinkDecider, {
          type: 'LinkAccount',
          data: { userId: state.userId, platform, account: linked.account, encryptedTokens, expiresAt: linked.tokens.expiresAt },
          metadata: commandMetadata({ userId: state.userId, correlationId: req.correlationId, now }),
        });
        // Change Channel/Account: the previous account's tokens are shredded.
        if (before.connected) await deps.vault.shred(before.encryptedTokens);
        log.info({ platform, userId: state.userId, accountId: linked.account.accountId }, 'Account linked');
        return back('linked');
      } catch (error) {
        log.warn({ platform, err: error instanceof Error ? { message: error.message, name: error.name } : undefined }, 'OAuth code exchange failed');
        return back('linkError');
      }
    },

    disconnectPlatform: async (req, res) => {
      const platform = platformOf(req.params.platform);
      const userId = currentUserId(req);
      const stream = socialLinkStreamId(userId, platform);
      const { state } = await loadState(deps.eventStore, stream, socialLinkDecider);
      if (!state.connected) {
        res.json({ success: true, position: 0 });
        return;
      }
      const tokens = await deps.vault.open(state.encryptedTokens);
      if (tokens) await deps.publishers[platform].revoke(tokens).catch((error: unknown) => log.warn({ platform, reason: error instanceof Error ? error.message : 'unknown' }, 'Token revocation failed; disconnecting anyway'));
      const { position } = await handle(deps.eventStore, stream, socialLinkDecider, { type: 'UnlinkAccount', data: {}, metadata: commandMetadata({ userId, correlationId: req.correlationId, now: deps.clock.now() }) });
      await deps.vault.shred(state.encryptedTokens);
      log.info({ platform, userId }, 'Account disconnected; tokens shredded');
      res.json({ success: true, position });
    },
  };
}
