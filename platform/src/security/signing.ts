import { createHmac, timingSafeEqual, createCipheriv, createDecipheriv, randomBytes, createHash } from 'node:crypto';

/** HMAC-signed, expiring URLs for media a `<video>` element must fetch without a bearer header. */
export function signPath(secret: string, path: string, expiresAtSeconds: number): string {
  const sig = createHmac('sha256', secret).update(`${path}:${expiresAtSeconds}`).digest('base64url');
  return `${path}?exp=${expiresAtSeconds}&sig=${sig}`;
}

export function verifySignedPath(secret: string, path: string, exp: unknown, sig: unknown, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string') return false;
  const expires = Number(exp);
  if (!Number.isInteger(expires) || expires < nowSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${path}:${expires}`).digest('base64url'));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** AES-256-GCM for secrets at rest (OAuth tokens). The key is derived from config. */
export class TokenCipher {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }
  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unrecognised ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
