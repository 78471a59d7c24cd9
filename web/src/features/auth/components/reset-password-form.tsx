import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import { NativePasswordField, SubmitButton } from '../../../components/form/native-fields';
import { useDeferredSchema } from '../../../components/form/validate';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { useResetPasswordMutation } from '../api';

interface ResetValues {
  password: string;
  confirmPassword: string;
}
const loadSchema = () => import('../lib/schemas').then((m) => m.resetPasswordFormSchema);
export const TOKEN_MISSING = 'Error: Token is missing in the URL.';

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const [resetPassword] = useResetPasswordMutation();
  const navigate = useNavigate();
  const schema = useDeferredSchema(loadSchema);

  if (!token) {
    return (
      <>
        <div className="auth-notice auth-notice--error" role="alert">
          {TOKEN_MISSING}
        </div>
        <div className="auth-links">
          <Link to={paths.forgotPassword.getHref()}>Request a new reset link</Link>
        </div>
      </>
    );
  }

  const onSubmit = async (values: Partial<ResetValues>) => {
    try {
      const checked = await schema.check(values);
      if (!checked.ok) return checked.errors;
      await resetPassword({ token, password: values.password ?? '' }).unwrap();
      toast({ variant: 'success', title: 'Password Reset Successful!', description: 'Your password has been updated.' });
      navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverErrorOf(error) ?? 'Unable to reset password. Please try again later.' });
    }
  };

  return (
    <Form<Partial<ResetValues>>
      onSubmit={onSubmit}
      validate={schema.validate}
      render={({ handleSubmit, submitting }) => (
        <form className="auth-form" onSubmit={handleSubmit} onFocus={schema.onFocus} noValidate aria-label="Reset password">
          <NativePasswordField name="password" label="New password" autoComplete="new-password" placeholder="At least 6 characters" />
          <NativePasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" placeholder="Repeat the new password" />
          <SubmitButton busy={submitting}>{submitting ? 'Resetting...' : 'Reset Password'}</SubmitButton>
        </form>
      )}
    />
  );
}
