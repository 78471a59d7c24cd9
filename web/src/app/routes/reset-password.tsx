import { useParams } from 'react-router-dom';
import { AuthLayout, ResetPasswordForm } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  const { resetToken } = useParams();
  return (
    <AuthLayout title="Reset password" subtitle="Choose a new password for your account." panel={false}>
      <ResetPasswordForm token={resetToken?.trim() || undefined} />
    </AuthLayout>
  );
}
