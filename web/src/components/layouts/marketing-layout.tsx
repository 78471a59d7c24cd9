import type { ReactNode } from 'react';
import { MarketingHeader } from './marketing-header';
import { MarketingFooter } from './marketing-footer';
import './marketing-layout.css';

/** Shared header and footer of the public pages (landing, privacy, terms). */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mk-page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <MarketingHeader />
      <main id="main" tabIndex={-1} className="mk-main">
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}
