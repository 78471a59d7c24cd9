import { Suspense, use, useEffect, useRef, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { takingOverPage } from './client-value';

/**
 * A part of a page the server drew (or the build prerendered) that React takes over from its HTML
 * only when the visitor gets near it: scrolled within `NEAR_PX` of the screen, or touched, clicked,
 * focused or typed into. Until then its HTML is on the screen as the server drew it (links work,
 * text can be read and selected) and costs the phone nothing: on the video page the studio and the
 * series settings, more than half of the page's components, were taken over in the page's first
 * seconds, in tasks that kept a tap waiting (Lighthouse: total blocking time 400-800 ms on a phone).
 *
 * The first event of an interaction opens it before React handles that event (a listener on the
 * window, which the event reaches before React's on the page's root), and React then takes the
 * part over at once, during that event, so the tap, click or key lands on a live page. Rendered in
 * the browser rather than taken over from HTML (a page opened from another), it is drawn at once.
 */
export function HydrateWhenSeen({ children, className }: { children: ReactNode; className?: string }): ReactElement {
  // Waits only while React takes the page the visitor opened on over from its HTML (the server's
  // snapshot is read then, and on the server, which never takes a page over).
  const fromHtml = useSyncExternalStore(neverChanges, () => false, () => true);
  const [gate] = useState(() => (fromHtml && takingOverPage() ? closedGate() : null));
  const [opened, setOpened] = useState(gate === null);
  // While it waits, the part is given the very elements it was first drawn with: React keeps a part
  // it has not taken over yet only while nothing it was given changes (else it must draw it anew,
  // and drawing it would wait for the gate, leaving it empty). Opened, it is taken over from those,
  // as the server drew them, then given the page's current ones.
  const first = useRef<ReactElement | null>(null);
  first.current ??= (
    <Suspense fallback={null}>
      <Gate gate={gate} onTakenOver={() => setOpened(true)}>
        {children}
      </Gate>
    </Suspense>
  );
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!gate || !element) return;
    return watch(element, gate);
  }, [gate]);
  return (
    <div ref={ref} className={className} data-hydrate-when-seen="">
      {opened ? (
        <Suspense fallback={null}>
          <Gate gate={null}>{children}</Gate>
        </Suspense>
      ) : (
        first.current
      )}
    </div>
  );
}

/** How far below (or above) the screen a part starts being taken over, px. */
export const NEAR_PX = 200;

const neverChanges = () => () => undefined;

/**
 * A promise in React's own form for one it has seen settle (`status`), so that `use` reads it at
 * once, in the same event, when it was opened synchronously.
 */
interface Gate extends Promise<void> {
  status?: 'pending' | 'fulfilled';
  value?: void;
  open: () => void;
}

function closedGate(): Gate {
  let resolve!: () => void;
  const gate = new Promise<void>((done) => (resolve = done)) as Gate;
  gate.status = 'pending';
  gate.open = () => {
    if (gate.status === 'fulfilled') return;
    gate.status = 'fulfilled';
    gate.value = undefined;
    resolve();
  };
  return gate;
}

/** Waits for its gate, then says once its part has been taken over (`onTakenOver`, after React has done so). */
function Gate({ gate, onTakenOver, children }: { gate: Gate | null; onTakenOver?: () => void; children: ReactNode }): ReactNode {
  useEffect(() => onTakenOver?.(), [onTakenOver]);
  if (gate && gate.status !== 'fulfilled') use(gate as Promise<void>);
  return children;
}

/** The gates of the parts still waiting, by their element. */
const waiting = new Map<Element, Gate>();

/** The first events of a tap, a click, a key or a focus. */
const INTERACTIONS = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'keydown', 'click', 'input'] as const;

function openFor(event: Event): void {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const [element, gate] of waiting) {
    if (element.contains(target)) {
      waiting.delete(element);
      gate.open();
    }
  }
  if (waiting.size === 0) for (const type of INTERACTIONS) window.removeEventListener(type, openFor, true);
}

let observer: IntersectionObserver | undefined;

function watch(element: Element, gate: Gate): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    gate.open();
    return () => undefined;
  }
  if (waiting.size === 0) for (const type of INTERACTIONS) window.addEventListener(type, openFor, true);
  waiting.set(element, gate);
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const near = waiting.get(entry.target);
        waiting.delete(entry.target);
        near?.open();
      }
    },
    { rootMargin: `${NEAR_PX}px 0px` },
  );
  observer.observe(element);
  void gate.then(() => observer?.unobserve(element));
  return () => {
    observer?.unobserve(element);
    waiting.delete(element);
  };
}
