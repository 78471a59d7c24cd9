import type { MouseEvent } from 'react';

/**
 * A click on a link that the app may take over: the main button, no modifier. Any other (ctrl or
 * meta for a new tab, shift for a window, alt for a download, the middle button) is the browser's.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}
