import { Input } from 'antd';
import { useField } from 'react-final-form';
import { FieldShell, describedBy, fieldError, fieldIds, type BaseFieldProps } from './field-shell';

export interface TextAreaFieldProps extends BaseFieldProps {
  rows?: number;
  /** Grow with the content between these row counts. */
  autoSize?: boolean | { minRows?: number; maxRows?: number };
  maxLength?: number;
  /** antd counter 'n / max' (needs maxLength). */
  showCount?: boolean;
  readOnly?: boolean;
}

/** antd `Input.TextArea` bound to a final-form field. */
export function TextAreaField({ name, label, id, help, hideLabel, className, rows = 4, ...rest }: TextAreaFieldProps) {
  const { input, meta } = useField<string>(name, { type: 'text' });
  const ids = fieldIds(name, id);
  const error = fieldError(meta);
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <Input.TextArea
        {...rest}
        id={ids.inputId}
        name={input.name}
        rows={rows}
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(help), Boolean(error))}
      />
    </FieldShell>
  );
}
