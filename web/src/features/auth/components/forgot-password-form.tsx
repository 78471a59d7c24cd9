import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import type { ForgotPasswordBody } from '@app/domain';
import { NativeTextField, SubmitButton } from '../../../components/form/native-fields';
import { useDeferredSchema } from '../../../components/form/validate';
import { isApiError, serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { useForgotPasswordMutation } from '../api';

const loadSchema = () => import('../lib/schemas').then((m) => m.forgotPasswordSchema);
export const RESET_LINK_SENT = "If an account exists for that email, we've sent a reset link. Check your inbox.";

/**
 * Secure flow (docs/api.md): the server answers 200 {message} and mails the link, so we confirm instead of
 * redirecting. If an older server still returns `resetToken`, we follow the spec's redirect.
 */
export function ForgotPasswordForm() {
  const [forgotPassword] = useForgotPasswordMutation();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const schema = useDeferredSchema(loadSchema);

  const onSubmit = async (values: Partial<ForgotPasswordBody>) => {
    try {
      const checked = await schema.check(values);
      if (!checked.ok) return checked.errors;
      const { email } = checked.data;
      const answer = await forgotPassword({ email }).unwrap();
      if (answer?.resetToken) {
        navigate(paths.resetPassword.getHref(answer.resetToken));
        return;
      }
      setSentTo(email);
    } catch (error) {
      if (isApiError(error) && error.status === 'FETCH_ERROR') {
        toast({ variant: 'destructive', title: 'Error!', description: 'Unable to send reset link. Please try again later.' });
      } else {
        toast({ variant: 'destructive', title: 'Error', description: serverErrorOf(error) ?? 'Unable to find the user.' });
      }
    }
  };

  if (sentTo) {
    return (
      <>
        <div className="auth-notice" role="status">
          <strong>Check your email.</strong>
          <p style={{ margin: '6px 0 0' }}>{RESET_LINK_SENT}</p>
        </div>
        <p className="auth-card__subtitle">
          We sent it to <strong>{sentTo}</strong> if that address has an account. The link works once and expires soon.
        </p>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setSentTo(null)}>
          Use a different email
        </button>
        <div className="auth-links">
          <Link to={paths.login.getHref()}>Back to login</Link>
        </div>
      </>
    );
  }

  return (
    <>
      <Form<Partial<ForgotPasswordBody>>
        onSubmit={onSubmit}
        validate={schema.validate}
        render={({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} onFocus={schema.onFocus} noValidate aria-label="Forgot password">
            <NativeTextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
            <SubmitButton busy={submitting}>{submitting ? 'Redirecting...' : 'Proceed to Reset Password'}</SubmitButton>
          </form>
        )}
      />
      <div className="auth-links">
        <span>
          Remembered it? <Link to={paths.login.getHref()}>Back to login</Link>
        </span>
      </div>
    </>
  );
}
