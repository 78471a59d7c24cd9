import { AuthLayout, RegisterForm } from '../../features/auth';
import { PAGE_HEADS } from '../../config/page-heads';
import { usePageHead } from '../../lib/use-page-head';
import { paths } from '../../config/paths';
import { usePreloadOnFirstFocus } from '../preload-on-focus';

export default function RegisterRoute() {
  usePageHead(PAGE_HEADS.register);
  usePreloadOnFirstFocus(paths.dashboard.root.getHref());
  return (
    <AuthLayout title="Create your account" subtitle="Start making faceless videos in minutes.">
      <RegisterForm />
    </AuthLayout>
  );
}
