/**
 * A keyboard-only visitor in a real browser: moves with Tab, hears each stop's accessible name, and
 * must see where focus is. A stop's focus ring counts as visible when the region around it (the
 * element, or the label of a visually hidden input, grown by the room a ring takes) looks different
 * focused than it does a Shift+Tab away.
 */
import type { Page } from 'playwright-core';

/** The focused element's name as a screen reader would read it: aria-label(ledby), its label, or its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    const byIds = element.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    const labels = (element as HTMLInputElement).labels;
    const name = element.getAttribute('aria-label') ?? byIds ?? (labels && labels.length > 0 ? labels[0].textContent : null) ?? element.textContent ?? '';
    return name.replace(/\s+/g, ' ').trim();
  });
}

const RING_ROOM = 6;

/** Two frames: a focus change reaches the styles the page is painted with only on a later frame. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** Where a sighted user looks for the focused element, in viewport pixels, scrolled into view. */
async function focusRegion(page: Page) {
  return page.evaluate((room) => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const hidden = Number(style.opacity) === 0 || element.getBoundingClientRect().width < 4 || style.clipPath !== 'none' || style.clip !== 'auto';
    const labels = (element as HTMLInputElement).labels;
    const shown = hidden && labels && labels.length > 0 ? labels[0] : element;
    shown.scrollIntoView({ block: 'center', inline: 'nearest' });
    const box = shown.getBoundingClientRect();
    const x = Math.max(0, box.left - room);
    const y = Math.max(0, box.top - room);
    return {
      x,
      y,
      width: Math.max(1, Math.min(window.innerWidth, box.right + room) - x),
      height: Math.max(1, Math.min(window.innerHeight, box.bottom + room) - y),
    };
  }, RING_ROOM);
}

/** Whether focus on the current element can be seen: its region focused against the same region with focus taken away (and given back). */
export async function focusRingVisible(page: Page): Promise<boolean> {
  await settle(page);
  const clip = await focusRegion(page);
  const focused = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    (window as unknown as { __refocus: HTMLElement }).__refocus = element;
    element.blur();
  });
  await settle(page);
  const unfocused = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  // Focus given back by script after keyboard use still matches :focus-visible (the browser's own heuristic).
  const visibleAgain = await page.evaluate(() => {
    const element = (window as unknown as { __refocus: HTMLElement }).__refocus;
    element.focus({ preventScroll: true });
    return element.matches(':focus-visible');
  });
  if (!visibleAgain) throw new Error('focus could not be given back to the element under test');
  return !focused.equals(unfocused);
}

/**
 * Presses Tab (Shift+Tab with `backwards`, as a user goes back up the page to its header) until the
 * focused element's name matches `target` (at most `maxStops` times), checking the focus ring at
 * every stop on the way. Returns the names of the stops with no visible ring.
 */
export async function tabTo(page: Page, target: RegExp, maxStops = 80, direction: 'forwards' | 'backwards' = 'forwards'): Promise<string[]> {
  const unseen: string[] = [];
  const passed: string[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press(direction === 'forwards' ? 'Tab' : 'Shift+Tab');
    const name = await focusedName(page);
    passed.push(name);
    if (name === '') continue;
    // A <video controls> takes several stops inside the browser's own (closed) controls, which draw
    // their own ring; taking focus away and back would start them over.
    const nativeControls = await page.evaluate(() => document.activeElement instanceof HTMLMediaElement);
    if (!nativeControls && !(await focusRingVisible(page))) unseen.push(`${new URL(page.url()).pathname}: ${name}`);
    if (target.test(name)) return unseen;
  }
  throw new Error(`${target} not reached with ${direction === 'forwards' ? 'Tab' : 'Shift+Tab'} from ${page.url()} in ${maxStops} stops: ${passed.map((n) => JSON.stringify(n.slice(0, 40))).join(', ')}`);
}
