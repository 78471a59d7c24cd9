import { useEffect, useRef, type ReactElement, type RefObject } from 'react';
import { useFormState } from 'react-final-form';

/** The first field in `root`, in the page's order, that shows an error: its wrapper (a field or a group of choices). */
export function firstFieldInError(root: ParentNode): HTMLElement | null {
  const message = root.querySelector<HTMLElement>('.ff-field__error[role="alert"]');
  return message?.closest<HTMLElement>('.ff-field, fieldset') ?? null;
}

/**
 * Inside a final-form form: after a submit that fails on its fields, scrolls the first field in error
 * into view and puts the focus in it. On a phone the button is often a screen away from the field
 * that is missing, and a toast alone leaves the creator looking for it.
 */
export function RevealFirstError({ within }: { within: RefObject<HTMLElement | null> }): ReactElement | null {
  const { submitting, submitFailed } = useFormState({ subscription: { submitting: true, submitFailed: true } });
  const wasSubmitting = useRef(false);
  useEffect(() => {
    const ended = wasSubmitting.current && !submitting;
    wasSubmitting.current = Boolean(submitting);
    if (!ended || !submitFailed || !within.current) return;
    const field = firstFieldInError(within.current);
    if (!field) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    field.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    const input = field.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select, [tabindex="0"]');
    input?.focus({ preventScroll: true });
  }, [submitting, submitFailed, within]);
  return null;
}
