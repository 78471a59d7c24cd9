import { Input } from 'antd';
import { FieldShell, useFieldBinding, type BaseFieldProps } from './field-shell';

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
  const { ids, error, bound } = useFieldBinding({ name, id, help }, 'text');
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <Input {...rest} {...bound} type={type} size={size} />
    </FieldShell>
  );
}
