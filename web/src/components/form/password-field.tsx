import { Input } from 'antd';
import { FieldShell, useFieldBinding, type BaseFieldProps } from './field-shell';

export interface PasswordFieldProps extends BaseFieldProps {
  /** 'current-password' on login, 'new-password' on register and reset. */
  autoComplete?: 'current-password' | 'new-password';
  size?: 'small' | 'middle' | 'large';
}

/** antd `Input.Password` (with its show/hide toggle) bound to a final-form field. */
export function PasswordField({ name, label, id, help, hideLabel, className, autoComplete = 'current-password', size = 'large', ...rest }: PasswordFieldProps) {
  const { ids, error, bound } = useFieldBinding({ name, id, help }, 'password');
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <Input.Password {...rest} {...bound} size={size} autoComplete={autoComplete} />
    </FieldShell>
  );
}
