/** Leave the app for an external URL (OAuth consent, checkout). A module so tests can replace it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/** Reload the page (after cancelling, spec section 4). */
export function reloadPage(): void {
  window.location.reload();
}
