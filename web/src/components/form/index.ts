/** antd inputs wrapped once for react-final-form (house style). Shared by every feature. */
export { TextField, type TextFieldProps } from './text-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { TextAreaField, type TextAreaFieldProps } from './textarea-field';
export { FieldShell, fieldError, fieldIds, type BaseFieldProps } from './field-shell';
export { zodValidate } from './validate';
export { RevealFirstError, firstFieldInError } from './reveal-first-error';
