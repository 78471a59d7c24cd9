/**
 * What an analyst may see of an event or a state. Analysts read every user's events, so secrets
 * are never served in any form (the value is replaced, not hashed or shortened) and personal data
 * is masked unless the analyst also holds the `pii` role.
 */

/** Fields whose value is a secret or derived from one: password and reset hashes, sealed OAuth tokens, data keys. */
const SECRET_FIELDS = new Set(['passwordHash', 'tokenHash', 'resetTokens', 'encryptedTokens', 'tokens', 'accessToken', 'refreshToken', 'dataKey', 'dataKeys', 'sealed', 'secret', 'clientSecret']);
const isSecretField = (key: string) => SECRET_FIELDS.has(key) || /secret|sealed|password/i.test(key);

/** Fields that hold an email address or a person's (or their account's) name. */
const EMAIL_FIELDS = new Set(['email', 'previousEmail']);
const NAME_FIELDS = new Set(['name', 'username', 'channelName', 'displayName']);
/** Categories whose `name` fields name a person; a series' or a style's name is not personal. */
const PERSONAL_CATEGORIES = new Set(['user', 'email', 'social']);

export const REDACTED = '[redacted]';
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** `ada@example.com` → `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** `Ada Lovelace` → `A***`. */
export const maskName = (name: string) => (name.length === 0 ? name : `${[...name][0]}***`);

export interface RedactionOptions {
  /** The analyst holds `pii`: emails and names are shown as recorded. */
  pii: boolean;
  /** The stream's category (the part of its id before the first '-'). */
  category: string;
}

/** A deep copy of `value` with secrets replaced and, without `pii`, personal data masked. */
export function redact<T>(value: T, options: RedactionOptions): T {
  const personal = PERSONAL_CATEGORIES.has(options.category);
  const walk = (node: unknown, key: string | null): unknown => {
    if (key !== null && isSecretField(key)) return node === null || node === undefined ? node : REDACTED;
    if (Array.isArray(node)) return node.map((item) => walk(item, null));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, walk(v, k)]));
    }
    if (typeof node !== 'string' || options.pii) return node;
    if ((key !== null && EMAIL_FIELDS.has(key)) || EMAIL.test(node)) return maskEmail(node);
    if (personal && key !== null && NAME_FIELDS.has(key)) return maskName(node);
    return node;
  };
  return walk(value, null) as T;
}

/** The category of a stream: the part of its id before the first '-' (`video-123` → `video`). */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}
