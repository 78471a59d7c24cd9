import { MarketingLayout } from '../../components/layouts/marketing-layout';
import { LandingPage } from '../../features/marketing';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function LandingRoute() {
  useDocumentTitle();
  return (
    <MarketingLayout>
      <LandingPage />
    </MarketingLayout>
  );
}
