import { useField } from 'react-final-form';
import { FieldShell, describedBy, fieldError, fieldIds, type BaseFieldProps } from './field-shell';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends BaseFieldProps {
  options: readonly SelectOption[];
  size?: 'small' | 'middle' | 'large';
  /** An empty first choice that leaves the field unset (shown with `placeholder`, 'Any' say). */
  allowClear?: boolean;
  /** Long lists (time zones): the browser's select already jumps to what is typed. */
  showSearch?: boolean;
  /** Called after the form value changed. */
  onValueChange?: (value: string | undefined) => void;
}

/**
 * The browser's own `<select>` bound to a final-form field, styled like the other inputs: a phone
 * opens its own picker, the keyboard jumps to an option by its first letters, and no select
 * engine of antd's is loaded (it brought about 20 KB to every page with a choice in it).
 */
export function SelectField({ name, label, id, help, hideLabel, className, options, size = 'large', onValueChange, allowClear, placeholder, disabled }: SelectFieldProps) {
  const { input, meta } = useField<string | undefined>(name);
  const ids = fieldIds(name, id);
  const error = fieldError(meta);
  const value = input.value ?? '';
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      <NativeSelect
        id={ids.inputId}
        size={size}
        value={value}
        options={options}
        placeholder={allowClear || value === '' ? (placeholder ?? '') : undefined}
        disabled={disabled}
        invalid={Boolean(error)}
        describedBy={describedBy(ids, Boolean(help), Boolean(error))}
        onChange={(next) => {
          const chosen = next === '' ? undefined : next;
          input.onChange(chosen);
          onValueChange?.(chosen);
        }}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </FieldShell>
  );
}

export interface NativeSelectProps {
  id?: string;
  value: string;
  options: readonly SelectOption[];
  /** Text of an empty first option (none when undefined). */
  placeholder?: string;
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  'aria-labelledby'?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
}

/** A styled `<select>` (for fields outside a final-form form too). */
export function NativeSelect({ id, value, options, placeholder, size = 'large', disabled, invalid, describedBy, onChange, onBlur, onFocus, ...aria }: NativeSelectProps) {
  return (
    <select
      id={id}
      className={`native-select native-select--${size}${invalid ? ' native-select--error' : ''}`}
      value={value}
      disabled={disabled}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      aria-labelledby={aria['aria-labelledby']}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      onFocus={onFocus}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
