import { useEffect } from 'react';
import { documentTitle } from '../config/page-heads';

/** How long a new page's title may still change (a video's title once it is read) before it is read out. */
export const ANNOUNCE_AFTER_MS = 200;

/**
 * The path of the page the browser loaded: its title is read out by the screen reader itself. A
 * page reached inside the app (no load) is announced here instead, or a screen-reader user would
 * hear nothing when a link changes the page.
 */
let announcedPath = initialPath();
let pending: ReturnType<typeof setTimeout> | undefined;

function initialPath(): string {
  if (typeof window === 'undefined') return '';
  const load = typeof performance !== 'undefined' && typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation')[0] : undefined;
  try {
    return load ? new URL(load.name).pathname : window.location.pathname;
  } catch {
    return window.location.pathname;
  }
}

/** The live region that reads out a page reached inside the app; made once, before its first use. */
function announcer(): HTMLElement {
  let region = document.getElementById('page-announcer');
  if (!region) {
    region = document.createElement('p');
    region.id = 'page-announcer';
    region.className = 'sr-only';
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.dataset.testid = 'page-announcer';
    document.body.append(region);
  }
  return region;
}

/**
 * Names the page in the tab, the history and for assistive technology (WCAG 2.4.2): `title` is the
 * full document title. When the path is not the one last announced, the title is read out (polite)
 * once it has settled, the way a screen reader announces a page the browser loads.
 */
export function showDocumentTitle(title: string): void {
  document.title = title;
  const region = announcer();
  if (window.location.pathname === announcedPath) return;
  clearTimeout(pending);
  // Emptied first: the same words twice in a row (two videos of one title) are read out again.
  region.textContent = '';
  pending = setTimeout(() => {
    announcedPath = window.location.pathname;
    region.textContent = document.title;
  }, ANNOUNCE_AFTER_MS);
}

/** The page's title ("Billing | ReelPilot"; the brand's own title without one), while it shows. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    showDocumentTitle(documentTitle(title));
  }, [title]);
}
