import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import type { RegisterBody } from '@app/domain';
import { NativePasswordField, NativeTextField, SubmitButton } from '../../../components/form/native-fields';
import { useDeferredSchema } from '../../../components/form/validate';
import { useAuth, useRegisterMutation } from '../../../lib/auth';
import { serverErrorOf, serverTroubleOf } from '../../../lib/api';
import { readReferral } from '../../../lib/cookies';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { GoogleButton, OrDivider } from './google-button';

/** The special characters a password takes, kept on one line: no-break spaces between them, so a wrap never leaves the last one alone. */
const SPECIAL_CHARACTERS = ['!', '@', '#', '$', '%', '^', '&', '*'].join('\u00a0');

type RegisterValues = Pick<RegisterBody, 'name' | 'email' | 'password'>;
const loadSchema = () => import('../lib/schemas').then((m) => m.registerFormSchema);

export function RegisterForm() {
  const [register] = useRegisterMutation();
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const schema = useDeferredSchema(loadSchema);

  const onSubmit = async (values: Partial<RegisterValues>) => {
    try {
      const checked = await schema.check(values);
      if (!checked.ok) return checked.errors;
      const body = { ...checked.data, fpr: readReferral() ?? null };
      const { token } = await register(body).unwrap();
      setSession(token);
      toast({ variant: 'success', title: 'Success!', description: 'Your account has been created successfully.' });
      navigate(paths.dashboard.root.getHref(), { replace: true });
    } catch (error) {
      const trouble = serverTroubleOf(error);
      toast({ variant: 'destructive', title: trouble?.title ?? 'Registration failed', description: trouble?.description ?? serverErrorOf(error) ?? 'Please try again later' });
    }
  };

  return (
    <>
      <GoogleButton>Sign up with Google</GoogleButton>
      <OrDivider />
      <Form<Partial<RegisterValues>>
        onSubmit={onSubmit}
        validate={schema.validate}
        render={({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} onFocus={schema.onFocus} noValidate aria-label="Sign up">
            <NativeTextField name="name" label="Name" autoComplete="name" placeholder="Your name" />
            <NativeTextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
            <NativePasswordField
              name="password"
              label="Password"
              autoComplete="new-password"
              placeholder="At least 6 characters"
              help={`Use 6+ characters with a number and one of ${SPECIAL_CHARACTERS}`}
            />
            <SubmitButton busy={submitting}>{submitting ? 'Creating account...' : 'Create account'}</SubmitButton>
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
