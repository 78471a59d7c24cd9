import { Input } from 'antd';
import { useField } from 'react-final-form';
import { FieldShell, describedBy, fieldError, fieldIds, type BaseFieldProps } from './field-shell';

export interface PasswordFieldProps extends BaseFieldProps {
  /** 'current-password' on login, 'new-password' on register and reset. */
  autoComplete?: 'current-password' | 'new-password';
  size?: 'small' | 'middle' | 'large';
}

/** antd `Input.Password` (with its show/hide toggle) bound to a final-form field. */
export function PasswordField({ name, label, id, help, hideLabel, className, autoComplete = 'current-password', size = 'large', ...rest }: PasswordFieldProps) {
  const { input, meta } = useField<string>(name, { type: 'password' });
  const ids = fieldIds(name, id);
  const error = fieldError(meta);
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <Input.Password
        {...rest}
        id={ids.inputId}
        name={input.name}
        size={size}
        autoComplete={autoComplete}
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
