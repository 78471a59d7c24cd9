/**
 * A prerendered page is on the screen before the app's code: a visitor may tap its menu button or
 * press Enter in a form before React has taken the page over. Left alone, the tap does nothing (no
 * handler yet) and a form submits itself the browser's way, a GET to the page's own address with its
 * fields in the URL (history, server logs; the auth forms also keep their button disabled until
 * then, components/form/native-fields.tsx). Until the app takes
 * over, this holds the visitor's last such action in the page and does it again once the app is
 * there (`replayEarlyInteractions`): the menu opens, the form is sent by the app. Links are left to
 * the browser (they work without the app).
 */

/** The visitor's last action held for the app, and how to stop holding (both set while holding). */
let held: (() => void) | undefined;
let release: (() => void) | undefined;

const CONTROLS = [
  'button',
  'summary',
  'input[type="submit"]',
  'input[type="checkbox"]',
  'input[type="radio"]',
  ...['button', 'tab', 'switch', 'checkbox', 'radio', 'menuitem', 'option'].map((role) => `[role="${role}"]`),
].join(', ');

export function holdEarlyInteractions(root: HTMLElement, target: Document = document): void {
  if (release) return;
  held = undefined;
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    held = () => whenTakenOver(control, () => control.click());
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter;
    held = () => whenTakenOver(form, () => form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : undefined));
  };
  target.addEventListener('click', onClick, true);
  target.addEventListener('submit', onSubmit, true);
  release = () => {
    target.removeEventListener('click', onClick, true);
    target.removeEventListener('submit', onSubmit, true);
  };
}

/**
 * Does `action` once React has taken `element` over. The app's frame is taken over first; the page
 * inside it (a Suspense boundary) a moment later, in its own pass, and an event on it meanwhile is
 * dropped when that part cannot be drawn at once. React marks each element it has taken over with
 * its props (`__reactProps$…`, on every element it renders or hydrates, React 17 to 19): that is
 * the sign looked for, each frame, for up to TAKEOVER_WAIT_MS, then the action is done anyway.
 * Nothing is done for an element the app has replaced (no longer on the page).
 */
function whenTakenOver(element: Element, action: () => void, startedAt = performance.now()): void {
  if (!element.isConnected) return;
  const ready = Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  if (ready || performance.now() - startedAt > TAKEOVER_WAIT_MS) action();
  else requestAnimationFrame(() => whenTakenOver(element, action, startedAt));
}

const TAKEOVER_WAIT_MS = 5000;

/** The app has taken the page over: the visitor's held action, if any, is done now, by the app. */
export function replayEarlyInteractions(): void {
  release?.();
  release = undefined;
  const action = held;
  held = undefined;
  action?.();
}
