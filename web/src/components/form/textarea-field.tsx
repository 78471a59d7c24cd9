import type React from 'react';
import { Input } from 'antd';
import { GrowingTextArea } from '../ui/growing-text-area';
import { FieldShell, useFieldBinding, type BaseFieldProps } from './field-shell';

export interface TextAreaFieldProps extends BaseFieldProps {
  rows?: number;
  /** Grow with the content between these row counts. */
  autoSize?: boolean | { minRows?: number; maxRows?: number };
  maxLength?: number;
  /** antd counter 'n / max' (needs maxLength). */
  showCount?: boolean;
  readOnly?: boolean;
  onKeyDown?: React.KeyboardEventHandler<HTMLTextAreaElement>;
}

/** antd `Input.TextArea` bound to a final-form field; one that grows with its text is a `GrowingTextArea`. */
export function TextAreaField({ name, label, id, help, hideLabel, className, rows = 4, autoSize, ...rest }: TextAreaFieldProps) {
  const { ids, error, bound } = useFieldBinding({ name, id, help }, 'text');
  return (
    <FieldShell {...ids} label={label} help={help} error={error} hideLabel={hideLabel} className={className}>
      {autoSize ? (
        <GrowingTextArea {...rest} {...bound} rows={rows} grow={autoSize === true ? {} : autoSize} />
      ) : (
        <Input.TextArea {...rest} {...bound} rows={rows} />
      )}
    </FieldShell>
  );
}
