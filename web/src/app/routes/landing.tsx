import { MarketingLayout } from '../../components/layouts/marketing-layout';
import { LandingPage } from '../../features/marketing';
import { PAGE_HEADS } from '../../config/page-heads';
import { usePageHead } from '../../lib/use-page-head';

export default function LandingRoute() {
  usePageHead(PAGE_HEADS.landing);
  return (
    <MarketingLayout>
      <LandingPage />
    </MarketingLayout>
  );
}
