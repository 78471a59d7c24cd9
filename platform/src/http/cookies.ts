/**
 * One cookie's value from a request's Cookie header, decoded; null when it is absent, empty or
 * mangled (a value that is not valid percent-encoding is a bad cookie, not a server error).
 */
export function cookieOf(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}
