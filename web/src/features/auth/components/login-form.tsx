import { Form } from 'react-final-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LoginBody } from '@app/domain';
import { NativePasswordField, NativeTextField, SubmitButton } from '../../../components/form/native-fields';
import { useDeferredSchema } from '../../../components/form/validate';
import { afterLogin, useAuth, useLoginMutation } from '../../../lib/auth';
import { serverErrorOf, serverTroubleOf, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { supportMailto } from '../../../config/brand';
import { GoogleButton, OrDivider } from './google-button';

const loadSchema = () => import('../lib/schemas').then((m) => m.loginSchema);

export function LoginForm() {
  const [login] = useLoginMutation();
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const schema = useDeferredSchema(loadSchema);

  const onSubmit = async (values: Partial<LoginBody>) => {
    try {
      const checked = await schema.check(values);
      if (!checked.ok) return checked.errors;
      const { token } = await login(checked.data).unwrap();
      setSession(token);
      navigate(afterLogin(location.state), { replace: true });
    } catch (error) {
      // Wrong credentials are the user's to fix; a busy or failing server is not (it says so).
      const trouble = serverTroubleOf(error);
      const rateLimited = isApiError(error) && error.status === 429;
      toast({
        variant: 'destructive',
        title: trouble?.title ?? 'Login Failed',
        description: trouble?.description ?? ((rateLimited && serverErrorOf(error)) || 'Invalid email or password. Please try again.'),
      });
    }
  };

  return (
    <>
      <GoogleButton>Continue with Google</GoogleButton>
      <OrDivider />
      <Form<Partial<LoginBody>>
        onSubmit={onSubmit}
        validate={schema.validate}
        render={({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} onFocus={schema.onFocus} noValidate aria-label="Login">
            <NativeTextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
            <NativePasswordField name="password" label="Password" autoComplete="current-password" placeholder="Your password" />
            <div className="auth-row">
              <span />
              <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
            </div>
            <SubmitButton busy={submitting}>{submitting ? 'Logging in...' : 'Login'}</SubmitButton>
          </form>
        )}
      />
      <div className="auth-links">
        <span>
          Don&apos;t have an account? <Link to={paths.register.getHref()}>Sign up</Link>
        </span>
        <span>
          Trouble signing in? <a href={supportMailto}>Contact support</a>
        </span>
      </div>
    </>
  );
}
