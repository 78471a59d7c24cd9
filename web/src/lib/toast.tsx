/**
 * Toasts (spec section 4): actions add, update, dismiss, remove; one toast at a time; 5000 ms by default;
 * swipe right past 50 px dismisses; F8 focuses the toast area; a dismissed toast is removed after 1,000,000 ms.
 * `toast()` works from anywhere (a module-level store), `<Toaster />` renders it once at the app root.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = 'F8';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  /** e.g. an 'Upgrade' link button. */
  action?: ReactNode;
  variant?: ToastVariant;
  /** ms; defaults to TOAST_DURATION. */
  duration?: number;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: ToasterToast[];
}

/** Pure state transitions; the removal timers live outside. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) => (action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t)),
      };
    case 'REMOVE_TOAST':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

let memoryState: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function scheduleRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  removeTimeouts.set(
    toastId,
    setTimeout(() => {
      removeTimeouts.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dispatch(action: ToastAction) {
  if (action.type === 'DISMISS_TOAST') {
    if (action.toastId) scheduleRemoval(action.toastId);
    else memoryState.toasts.forEach((t) => scheduleRemoval(t.id));
  }
  memoryState = toastReducer(memoryState, action);
  listeners.forEach((l) => l());
}

/** Close every toast on the screen (a signed-out visitor is not told about their session's work). */
export function dismissAllToasts() {
  dispatch({ type: 'DISMISS_TOAST' });
}

/** Show a toast; returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  dispatch({ type: 'ADD_TOAST', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: 'DISMISS_TOAST', toastId: id }),
    update: (next: ToastInput) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => memoryState;

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...state, toast, dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }) };
}

/** Test helper: forget every toast and timer. */
export function resetToasts() {
  removeTimeouts.forEach((t) => clearTimeout(t));
  removeTimeouts.clear();
  memoryState = { toasts: [] };
  listeners.forEach((l) => l());
}

function ToastItem({ item, onDismiss }: { item: ToasterToast; onDismiss: () => void }) {
  const [dx, setDx] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const duration = item.duration ?? TOAST_DURATION;
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const t = setTimeout(() => dismissRef.current(), duration);
    return () => clearTimeout(t);
  }, [paused, duration, item.title, item.description]);

  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if ((e.target as HTMLElement).closest('button,a')) return;
    start.current = e.clientX;
    setPaused(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerEnd = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const delta = e.clientX - start.current;
    start.current = null;
    setPaused(false);
    if (delta >= TOAST_SWIPE_THRESHOLD) onDismiss();
    else setDx(0);
  };

  const variant = item.variant ?? 'default';
  return (
    // A list item stays one (the viewport is a list); what it says is the live region inside it.
    <li
      className={`toast toast--${variant}`}
      data-testid="toast"
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__body" role={variant === 'destructive' ? 'alert' : 'status'} aria-atomic="true">
        {item.title ? <div className="toast__title">{item.title}</div> : null}
        {item.description ? <div className="toast__description">{item.description}</div> : null}
      </div>
      {item.action ? <div className="toast__action">{item.action}</div> : null}
      <button type="button" className="toast__close" aria-label="Close notification" onClick={onDismiss}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/** The toast area: a labelled region focusable with F8. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const ref = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        ref.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const open = toasts.filter((t) => t.open);
  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`} className="toaster">
      <ol ref={ref} tabIndex={-1} className="toaster__viewport" data-testid="toast-viewport">
        {open.map((t) => (
          <ToastItem key={t.id} item={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </ol>
    </section>
  );
}
