import { randomBytes, randomUUID } from 'node:crypto';
import type { DocumentStore } from '../document-store/port';
import { TokenCipher } from '../security/signing';
import type { PlatformTokens } from './port';

interface KeyDoc {
  _id: string;
  /** The link's data key, encrypted with the master key (TOKEN_ENCRYPTION_KEY). */
  wrapped: string;
}

export const TOKEN_KEYS_COLLECTION = 'token_keys';

/**
 * OAuth tokens at rest, with crypto-shredding. Events are never edited, so tokens in an
 * AccountLinked event cannot be deleted; instead each link gets its own data key (kept, wrapped
 * by the master key, outside the event store) and tokens are sealed with it. Disconnecting
 * deletes the key: every copy of the tokens in the event history becomes unreadable.
 */
export class TokenVault {
  private readonly master: TokenCipher;
  constructor(private readonly docs: DocumentStore, masterKey: string) {
    this.master = new TokenCipher(masterKey);
  }

  private keys() {
    return this.docs.collection<KeyDoc>(TOKEN_KEYS_COLLECTION);
  }

  /** Seal tokens; pass the previous sealed value to keep the link's key (token refresh). */
  async seal(tokens: PlatformTokens, previous?: string | null): Promise<string> {
    let keyId = previous ? keyIdOf(previous) : null;
    let dataKey = keyId ? await this.dataKey(keyId) : null;
    if (!keyId || !dataKey) {
      keyId = randomUUID();
      dataKey = randomBytes(32).toString('base64url');
      await this.keys().upsert(keyId, { wrapped: this.master.encrypt(dataKey) });
    }
    return `vault.${keyId}.${new TokenCipher(dataKey).encrypt(JSON.stringify(tokens))}`;
  }

  /** The tokens, or null once the link's key was shredded (disconnected). */
  async open(sealed: string): Promise<PlatformTokens | null> {
    const keyId = keyIdOf(sealed);
    if (!keyId) return null;
    const dataKey = await this.dataKey(keyId);
    if (!dataKey) return null;
    try {
      return JSON.parse(new TokenCipher(dataKey).decrypt(sealed.slice(`vault.${keyId}.`.length))) as PlatformTokens;
    } catch {
      return null;
    }
  }

  async shred(sealed: string): Promise<void> {
    const keyId = keyIdOf(sealed);
    if (keyId) await this.keys().delete(keyId);
  }

  private async dataKey(keyId: string): Promise<string | null> {
    const doc = await this.keys().get(keyId);
    return doc ? this.master.decrypt(doc.wrapped) : null;
  }
}

function keyIdOf(sealed: string): string | null {
  const match = /^vault\.([0-9a-f-]{36})\./.exec(sealed);
  return match ? match[1] : null;
}
