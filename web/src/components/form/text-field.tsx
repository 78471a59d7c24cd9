import { Input } from 'antd';
import { useField } from 'react-final-form';
import { FieldShell, describedBy, fieldError, fieldIds, type BaseFieldProps } from './field-shell';

export interface TextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email' | 'url' | 'search' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  /** antd counter 'n / max' (needs maxLength). */
  showCount?: boolean;
  readOnly?: boolean;
  size?: 'small' | 'middle' | 'large';
  autoFocus?: boolean;
}

/** antd `Input` bound to a final-form field, with label, help and error. */
export function TextField({ name, label, id, help, hideLabel, className, type = 'text', size = 'large', ...rest }: TextFieldProps) {
  const { input, meta } = useField<string>(name, { type: 'text' });
  const ids = fieldIds(name, id);
  const error = fieldError(meta);
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <Input
        {...rest}
        id={ids.inputId}
        name={input.name}
        type={type}
        size={size}
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
