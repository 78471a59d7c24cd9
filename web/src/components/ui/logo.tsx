import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '../../config/brand';

export type LogoSize = 'sm' | 'md' | 'lg';
export type LogoVariant = 'blue' | 'white';

const SIZES: Record<LogoSize, { mark: number; text: number }> = {
  sm: { mark: 24, text: 17 },
  md: { mark: 32, text: 21 },
  lg: { mark: 44, text: 28 },
};

/** The product logo: a play-button mark and the wordmark, in three sizes and two colourways. */
export function LogoMark({ size = 'md', variant = 'blue' }: { size?: LogoSize; variant?: LogoVariant }) {
  const px = SIZES[size].mark;
  // Each mark its own gradient: one defined in a hidden copy (the prerendered dashboard holds the
  // sidebar's and the phone header's logos, one of them hidden) would leave the other blank.
  const gradient = `logo-grad${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const bg = variant === 'blue' ? `url(#${gradient})` : '#ffffff';
  const fg = variant === 'blue' ? '#ffffff' : '#1d4ed8';
  return (
    <svg width={px} height={px} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2563eb" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={bg} />
      <path d="M15 11.5v17l13.5-8.5z" fill={fg} />
      <path d="M9 27.5c3 2.6 6.8 4 11 4" stroke={fg} strokeWidth="2.4" strokeLinecap="round" fill="none" opacity="0.75" />
    </svg>
  );
}

export function Logo({ size = 'md', variant = 'blue', to = '/' }: { size?: LogoSize; variant?: LogoVariant; to?: string | null }) {
  const content = (
    <span className={`logo logo--${size} logo--${variant}`} style={{ fontSize: SIZES[size].text }}>
      <LogoMark size={size} variant={variant} />
      <span className="logo__text">
        {BRAND.wordmark[0]}
        <span className="logo__accent">{BRAND.wordmark[1]}</span>
      </span>
    </span>
  );
  if (to === null) return content;
  return (
    <Link to={to} className="logo-link" aria-label={`${BRAND.name} home`}>
      {content}
    </Link>
  );
}
