import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../ui/logo';
import { SectionLink } from './section-link';
import { paths } from '../../config/paths';

/** Public header: logo, Pricing, FAQ, Login, Sign Up; under 768 px a menu button opens the same four items. */
export function MarketingHeader() {
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={`mk-header${scrolled ? ' mk-header--scrolled' : ''}`}>
      <div className="mk-container mk-header__bar">
        <Logo size="md" variant="blue" />
        <nav aria-label="Main" className="mk-nav mk-nav--desktop">
          <SectionLink section="pricing" className="mk-nav__link">
            Pricing
          </SectionLink>
          <SectionLink section="faq" className="mk-nav__link">
            FAQ
          </SectionLink>
          <Link to={paths.login.getHref()} className="mk-nav__link">
            Login
          </Link>
          <Link to={paths.register.getHref()} className="btn btn--primary mk-nav__cta">
            Sign Up
          </Link>
        </nav>
        <button
          ref={buttonRef}
          type="button"
          className="mk-menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>
      <nav id={menuId} aria-label="Mobile" className="mk-nav--mobile" hidden={!open}>
        <ul>
          <li>
            <SectionLink section="pricing" className="mk-mobile__link" onNavigate={close}>
              Pricing
            </SectionLink>
          </li>
          <li>
            <SectionLink section="faq" className="mk-mobile__link" onNavigate={close}>
              FAQ
            </SectionLink>
          </li>
          <li>
            <Link to={paths.login.getHref()} className="mk-mobile__link" onClick={close}>
              Login
            </Link>
          </li>
          <li>
            <Link to={paths.register.getHref()} className="btn btn--primary btn--block" onClick={close}>
              Sign Up
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
