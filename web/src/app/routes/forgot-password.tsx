import { AuthLayout, ForgotPasswordForm } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout title="Forgot password" subtitle="Enter the email you signed up with and we'll send you a reset link." panel={false}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
