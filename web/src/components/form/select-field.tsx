import type { ReactNode } from 'react';
import { Select } from 'antd';
import { useField } from 'react-final-form';
import { FieldShell, describedBy, fieldError, fieldIds, type BaseFieldProps } from './field-shell';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectFieldProps extends BaseFieldProps {
  options: readonly SelectOption[];
  size?: 'small' | 'middle' | 'large';
  showSearch?: boolean;
  allowClear?: boolean;
  loading?: boolean;
  /** Called after the form value changed. */
  onValueChange?: (value: string | undefined) => void;
}

/** antd `Select` (single value) bound to a final-form field. */
export function SelectField({ name, label, id, help, hideLabel, className, options, size = 'large', onValueChange, showSearch, ...rest }: SelectFieldProps) {
  const { input, meta } = useField<string | undefined>(name);
  const ids = fieldIds(name, id);
  const error = fieldError(meta);
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <Select
        {...rest}
        id={ids.inputId}
        size={size}
        style={{ width: '100%' }}
        showSearch={showSearch ? { optionFilterProp: 'label' } : undefined}
        options={options as SelectOption[]}
        value={input.value === '' ? undefined : input.value}
        onChange={(value: string | undefined) => {
          input.onChange(value);
          onValueChange?.(value);
        }}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(help), Boolean(error))}
      />
    </FieldShell>
  );
}
