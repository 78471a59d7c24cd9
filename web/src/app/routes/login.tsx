import { Navigate } from 'react-router-dom';
import { AuthLayout, LoginForm } from '../../features/auth';
import { useAuth } from '../../lib/auth';
import { PAGE_HEADS } from '../../config/page-heads';
import { usePageHead } from '../../lib/use-page-head';
import { useReturnNotice } from '../../lib/use-return-notice';
import { paths } from '../../config/paths';
import { usePreloadOnFirstFocus } from '../preload-on-focus';

const GOOGLE_FAILED = ['error'] as const;

/** Google sign-in that failed comes back to /login?error=google (spec section 8's Google error). */
const googleFailure = (params: URLSearchParams) =>
  params.get('error') === 'google' ? { title: 'Signup failed', description: 'Google authentication error', variant: 'destructive' as const } : null;

export default function LoginRoute() {
  usePageHead(PAGE_HEADS.login);
  useReturnNotice(GOOGLE_FAILED, googleFailure);
  usePreloadOnFirstFocus(paths.dashboard.root.getHref());
  const { user } = useAuth();
  if (user) return <Navigate to={paths.dashboard.root.getHref()} replace />;
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to keep your channels on auto-pilot.">
      <LoginForm />
    </AuthLayout>
  );
}
