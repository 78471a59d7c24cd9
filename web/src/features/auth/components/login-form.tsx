import { Button } from 'antd';
import { Form } from 'react-final-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loginSchema, type LoginBody } from '@app/domain';
import { PasswordField, TextField, zodValidate } from '../../../components/form';
import { useAuth, useLoginMutation } from '../../../lib/auth';
import { serverErrorOf, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { supportMailto } from '../../../config/brand';
import { GoogleButton, OrDivider } from './google-button';

const validate = zodValidate(loginSchema);

export function LoginForm() {
  const [login] = useLoginMutation();
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  const onSubmit = async (values: Partial<LoginBody>) => {
    try {
      const { token } = await login(loginSchema.parse(values)).unwrap();
      setSession(token);
      navigate(from?.startsWith(paths.dashboard.root.path) ? from : paths.dashboard.root.getHref(), { replace: true });
    } catch (error) {
      const rateLimited = isApiError(error) && error.status === 429;
      toast({
        variant: 'destructive',
        title: 'Login Failed',
        description: (rateLimited && serverErrorOf(error)) || 'Invalid email or password. Please try again.',
      });
    }
  };

  return (
    <>
      <GoogleButton>Continue with Google</GoogleButton>
      <OrDivider />
      <Form<Partial<LoginBody>>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Login">
            <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
            <PasswordField name="password" label="Password" autoComplete="current-password" placeholder="Your password" />
            <div className="auth-row">
              <span />
              <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
            </div>
            <Button type="primary" htmlType="submit" size="large" block disabled={submitting} loading={submitting}>
              {submitting ? 'Logging in...' : 'Login'}
            </Button>
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
