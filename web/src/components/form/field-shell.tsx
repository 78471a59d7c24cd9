import type { ReactNode } from 'react';
import { useField, type FieldMetaState } from 'react-final-form';

export interface BaseFieldProps {
  /** Field name in the final-form values (dot paths allowed). */
  name: string;
  /** Visible label; also the accessible name of the input. */
  label: ReactNode;
  /** Defaults to `field-<name>`. */
  id?: string;
  placeholder?: string;
  /** Small text under the input (e.g. 'This becomes your login email.'). */
  help?: ReactNode;
  disabled?: boolean;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  className?: string;
}

/** The message to show for a field: its validation error once touched or after a submit, else a server error. */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  if (!(meta.touched || meta.submitFailed)) return undefined;
  const error = meta.error ?? (meta.dirtySinceLastSubmit ? undefined : meta.submitError);
  if (!error) return undefined;
  return Array.isArray(error) ? String(error[0]) : String(error);
}

export function fieldIds(name: string, id?: string) {
  const inputId = id ?? `field-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  return { inputId, errorId: `${inputId}-error`, helpId: `${inputId}-help` };
}

/** Label, input, help and error laid out the same way for every field wrapper. */
export function FieldShell(props: {
  inputId: string;
  errorId: string;
  helpId: string;
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { inputId, errorId, helpId, label, help, error, hideLabel, className, children } = props;
  return (
    <div className={['ff-field', error ? 'ff-field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'ff-field__label'}>
        {label}
      </label>
      {children}
      {help ? (
        <div id={helpId} className="ff-field__help">
          {help}
        </div>
      ) : null}
      <div id={errorId} className="ff-field__error" role={error ? 'alert' : undefined} aria-live="polite">
        {error}
      </div>
    </div>
  );
}

export function describedBy(ids: { errorId: string; helpId: string }, hasHelp: boolean, hasError: boolean) {
  return [hasHelp ? ids.helpId : '', hasError ? ids.errorId : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * The final-form binding every text-like wrapper gives its antd input: ids, value and events,
 * error status and ARIA wiring. Spread `bound` onto the input after the caller's own props.
 */
export function useFieldBinding(props: { name: string; id?: string; help?: ReactNode }, type: 'text' | 'password') {
  const { input, meta } = useField<string>(props.name, { type });
  const ids = fieldIds(props.name, props.id);
  const error = fieldError(meta);
  const bound = {
    id: ids.inputId,
    name: input.name,
    value: input.value ?? '',
    onChange: input.onChange,
    onBlur: () => input.onBlur(),
    onFocus: () => input.onFocus(),
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(ids, Boolean(props.help), Boolean(error)),
  };
  return { ids, error, bound };
}
