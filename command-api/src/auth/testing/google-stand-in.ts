import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';

export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GoogleStandIn {
  /** authorizationURL, tokenURL, userProfileURL for the strategy. */
  urls: { authorizationURL: string; tokenURL: string; userProfileURL: string };
  /** Who "signs in" at the next authorize request. */
  signInAs(account: GoogleAccount): void;
  /** The next authorize request answers `error=access_denied` (the user declined). */
  denyNext(): void;
  /** Every token exchange request body, to check the code, client and redirect URI. */
  tokenRequests: Array<Record<string, string>>;
  close(): Promise<void>;
}

export const STAND_IN_CLIENT = { clientID: 'stand-in-client', clientSecret: 'stand-in-secret' };

/**
 * A local stand-in for Google's OAuth 2.0 endpoints: the authorize redirect (it signs in whoever
 * `signInAs` named, at once), the code-for-token exchange and the OpenID userinfo endpoint.
 */
export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  let account: GoogleAccount | null = null;
  let deny = false;
  const codes = new Map<string, { account: GoogleAccount; redirectUri: string }>();
  const accessTokens = new Map<string, GoogleAccount>();
  const tokenRequests: Array<Record<string, string>> = [];

  const app = express();
  app.use(express.urlencoded({ extended: false }));
  app.get('/o/oauth2/v2/auth', (req, res) => {
    const { client_id: clientId, redirect_uri: redirectUri, state, response_type: responseType } = req.query as Record<string, string>;
    if (clientId !== STAND_IN_CLIENT.clientID || responseType !== 'code' || !redirectUri) {
      res.status(400).send('invalid_request');
      return;
    }
    const target = new URL(redirectUri);
    if (state) target.searchParams.set('state', state);
    if (deny || !account) {
      deny = false;
      target.searchParams.set('error', 'access_denied');
      res.redirect(target.toString());
      return;
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, { account, redirectUri });
    target.searchParams.set('code', code);
    res.redirect(target.toString());
  });
  app.post('/token', (req, res) => {
    tokenRequests.push({ ...req.body });
    const grant = codes.get(req.body.code);
    codes.delete(req.body.code);
    if (!grant || req.body.client_id !== STAND_IN_CLIENT.clientID || req.body.client_secret !== STAND_IN_CLIENT.clientSecret || req.body.redirect_uri !== grant.redirectUri) {
      res.status(400).json({ error: 'invalid_grant', error_description: 'Bad code' });
      return;
    }
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, grant.account);
    res.json({ access_token: accessToken, token_type: 'Bearer', expires_in: 3599, scope: 'openid profile email' });
  });
  app.get('/userinfo', (req, res) => {
    const header = req.headers.authorization ?? '';
    const who = accessTokens.get(header.replace(/^Bearer /, '') || String(req.query.access_token ?? ''));
    if (!who) {
      res.status(401).json({ error: 'invalid_token', error_description: 'Invalid Credentials' });
      return;
    }
    res.json(who);
  });

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: { authorizationURL: `${base}/o/oauth2/v2/auth`, tokenURL: `${base}/token`, userProfileURL: `${base}/userinfo` },
    signInAs: (next) => {
      account = next;
    },
    denyNext: () => {
      deny = true;
    },
    tokenRequests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
