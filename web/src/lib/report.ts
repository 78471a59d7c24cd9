/** Silent failures (spec section 8): console only, no user-facing message. */
export function reportSilently(message: string, error?: unknown): void {
  // eslint-disable-next-line no-console
  console.error(message, error);
}
