import { AuthLayout, ForgotPasswordForm } from '../../features/auth';
import { PAGE_HEADS } from '../../config/page-heads';
import { usePageHead } from '../../lib/use-page-head';

export default function ForgotPasswordRoute() {
  usePageHead(PAGE_HEADS.forgotPassword);
  return (
    <AuthLayout title="Forgot password" subtitle="Enter the email you signed up with and we'll send you a reset link." panel={false}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
