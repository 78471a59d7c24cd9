import { AuthLayout, RegisterForm } from '../../features/auth';
import { PAGE_HEADS } from '../../config/page-heads';
import { usePageHead } from '../../lib/use-page-head';

export default function RegisterRoute() {
  usePageHead(PAGE_HEADS.register);
  return (
    <AuthLayout title="Create your account" subtitle="Start making faceless videos in minutes.">
      <RegisterForm />
    </AuthLayout>
  );
}
