import { AuthLayout, RegisterForm } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function RegisterRoute() {
  useDocumentTitle('Sign Up');
  return (
    <AuthLayout title="Create your account" subtitle="Start making faceless videos in minutes.">
      <RegisterForm />
    </AuthLayout>
  );
}
