/** Silent failures (spec section 8): console only, no user-facing message. */
export function reportSilently(message: string, error?: unknown): void {
  console.error(message, error);
}
