import { Link } from 'react-router-dom';
import { Logo } from '../ui/logo';
import { SectionLink } from './section-link';
import { BRAND, supportMailto } from '../../config/brand';
import { paths } from '../../config/paths';
import { BUILD_TIME, useClientValue } from '../../lib/client-value';

/** Public footer: brand and tagline, Product and Legal columns, the copyright line. */
export function MarketingFooter() {
  const year = useClientValue(() => new Date().getFullYear(), new Date(BUILD_TIME).getFullYear());
  return (
    <footer className="mk-footer">
      <div className="mk-container mk-footer__grid">
        <div className="mk-footer__brand">
          <Logo size="md" variant="white" />
          <p>{BRAND.tagline}</p>
          <a href={supportMailto} className="mk-footer__mail">
            {BRAND.supportEmail}
          </a>
        </div>
        <nav aria-labelledby="footer-product" className="mk-footer__col">
          <h2 id="footer-product">Product</h2>
          <ul>
            <li>
              <SectionLink section="pricing">Pricing</SectionLink>
            </li>
            <li>
              <SectionLink section="how-does-it-work">How it Works</SectionLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal" className="mk-footer__col">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            <li>
              <Link to={paths.privacy.getHref()}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.terms.getHref()}>Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="mk-container mk-footer__bottom">
        <p>
          © {year} {BRAND.name}. All rights reserved
        </p>
      </div>
    </footer>
  );
}
