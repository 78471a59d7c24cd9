import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FieldShell, useFieldBinding, type BaseFieldProps } from './field-shell';
import { useHydrated } from '../../lib/client-value';

/**
 * The same fields as TextField and PasswordField, on the browser's own inputs instead of antd's:
 * for the pages a visitor meets before signing in (login, sign-up, password reset), which load no
 * antd at all so they paint quickly on a phone. Label, help, error and ARIA wiring are shared.
 */
export interface NativeTextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email';
  autoComplete?: string;
  autoFocus?: boolean;
}

type Bound = ReturnType<typeof useFieldBinding>['bound'];

const bindNative = ({ status, ...bound }: Bound) => ({ ...bound, className: `native-input${status === 'error' ? ' native-input--error' : ''}` });

/**
 * These pages arrive prerendered: a visitor may type before the script has taken the page over,
 * and React leaves what was typed in the input without telling the form. The form adopts it.
 */
function useTypedBeforeHydration(bound: Bound) {
  const ref = useRef<HTMLInputElement>(null);
  const change = useRef(bound.onChange);
  change.current = bound.onChange;
  // Once, when the input is first taken over.
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed) change.current(typed);
  }, []);
  return ref;
}

export function NativeTextField({ name, label, id, help, hideLabel, className, type = 'text', ...rest }: NativeTextFieldProps) {
  const { ids, error, bound } = useFieldBinding({ name, id, help }, 'text');
  const ref = useTypedBeforeHydration(bound);
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <input {...rest} {...bindNative(bound)} ref={ref} type={type} />
    </FieldShell>
  );
}

export interface NativePasswordFieldProps extends BaseFieldProps {
  autoComplete?: 'current-password' | 'new-password';
}

/** A password input with a button that shows or hides what was typed. */
export function NativePasswordField({ name, label, id, help, hideLabel, className, autoComplete = 'current-password', ...rest }: NativePasswordFieldProps) {
  const { ids, error, bound } = useFieldBinding({ name, id, help }, 'password');
  const ref = useTypedBeforeHydration(bound);
  const [shown, setShown] = useState(false);
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <span className="native-password">
        <input {...rest} {...bindNative(bound)} ref={ref} type={shown ? 'text' : 'password'} autoComplete={autoComplete} />
        <button type="button" className="native-password__toggle" aria-label={shown ? 'Hide password' : 'Show password'} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
            <circle cx="12" cy="12" r="3" />
            {shown ? null : <line x1="3" y1="21" x2="21" y2="3" />}
          </svg>
        </button>
      </span>
    </FieldShell>
  );
}

/**
 * The form's one submit button, busy while the form submits. On a prerendered page it is disabled
 * until the script has taken the page over: before that, pressing it (or Enter in a field) would
 * send the form the browser's way, with the password in the address.
 */
export function SubmitButton({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn btn--primary btn--block native-submit" disabled={busy || !hydrated} aria-busy={busy}>
      {busy ? <span className="native-submit__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
