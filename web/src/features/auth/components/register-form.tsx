import { Button } from 'antd';
import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import { registerSchema, type RegisterBody } from '@app/domain';
import { PasswordField, TextField, zodValidate } from '../../../components/form';
import { useAuth, useRegisterMutation } from '../../../lib/auth';
import { serverErrorOf } from '../../../lib/api';
import { readReferral } from '../../../lib/cookies';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { GoogleButton, OrDivider } from './google-button';

type RegisterValues = Pick<RegisterBody, 'name' | 'email' | 'password'>;
const formSchema = registerSchema.pick({ name: true, email: true, password: true });
const validate = zodValidate(formSchema);

export function RegisterForm() {
  const [register] = useRegisterMutation();
  const { setSession } = useAuth();
  const navigate = useNavigate();

  const onSubmit = async (values: Partial<RegisterValues>) => {
    try {
      const body = { ...formSchema.parse(values), fpr: readReferral() ?? null };
      const { token } = await register(body).unwrap();
      setSession(token);
      toast({ variant: 'success', title: 'Success!', description: 'Your account has been created successfully.' });
      navigate(paths.dashboard.root.getHref(), { replace: true });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Registration failed', description: serverErrorOf(error) ?? 'Please try again later' });
    }
  };

  return (
    <>
      <GoogleButton>Sign up with Google</GoogleButton>
      <OrDivider />
      <Form<Partial<RegisterValues>>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Sign up">
            <TextField name="name" label="Name" autoComplete="name" placeholder="Your name" />
            <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
            <PasswordField
              name="password"
              label="Password"
              autoComplete="new-password"
              placeholder="At least 6 characters"
              help="Use 6+ characters with a number and one of ! @ # $ % ^ & *"
            />
            <Button type="primary" htmlType="submit" size="large" block disabled={submitting} loading={submitting}>
              {submitting ? 'Creating account...' : 'Create account'}
            </Button>
          </form>
        )}
      />
      <div className="auth-links">
        <span>
          Already have an account? <Link to={paths.login.getHref()}>Login</Link>
        </span>
      </div>
    </>
  );
}
