import { Navigate } from 'react-router-dom';
import { AuthLayout, LoginForm } from '../../features/auth';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';

export default function LoginRoute() {
  useDocumentTitle('Login');
  const { user } = useAuth();
  if (user) return <Navigate to={paths.dashboard.root.getHref()} replace />;
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to keep your channels on auto-pilot.">
      <LoginForm />
    </AuthLayout>
  );
}
