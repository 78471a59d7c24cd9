import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { BRAND } from '../../../config/brand';
import './auth.css';

const PLATFORMS = ['YouTube', 'TikTok', 'Instagram', 'Facebook', 'LinkedIn', 'Twitter'];

/** The marketing side panel of the sign-in screens (spec section 2, Register). */
export function MarketingPanel() {
  return (
    <aside className="auth-panel" aria-label={`Why ${BRAND.name}`}>
      <div className="auth-panel__inner">
        <Logo size="md" variant="white" />
        <h2 className="auth-panel__headline">Viral Faceless Videos on Auto-Pilot</h2>
        <p className="auth-panel__lead">
          Pick a topic and a voice. The AI writes, narrates, illustrates and posts a new short every day, while you
          sleep.
        </p>
        <ul className="auth-panel__points">
          <li>Scripts, voice-over, visuals and captions in minutes</li>
          <li>Auto-posts on your schedule</li>
          <li>Edit the caption before it goes live</li>
        </ul>
        <p className="auth-panel__platforms-label">Made for</p>
        <ul className="auth-panel__platforms" aria-label="Platforms">
          {PLATFORMS.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <figure className="auth-panel__quote">
          <div className="stars" role="img" aria-label="Rated 5 out of 5">
            {'★★★★★'}
          </div>
          <blockquote>
            “I went from posting twice a month to every single day. My history channel passed 10k subscribers in six
            weeks.”
          </blockquote>
          <figcaption>Maya R., history creator</figcaption>
        </figure>
        <p className="auth-panel__proof">Join over 50 content creators already on auto-pilot.</p>
      </div>
    </aside>
  );
}

/** Split screen: the form card on the left, the marketing panel on the right (stacked on small screens). No antd here: these pages load none. */
export function AuthLayout({ title, subtitle, children, panel = true }: { title: string; subtitle?: ReactNode; children: ReactNode; panel?: boolean }) {
  return (
    <div className={`auth-page${panel ? '' : ' auth-page--single'}`}>
      <main className="auth-main" id="main">
        <div className="auth-card">
          <div className="auth-card__logo">
            <Logo size="md" />
          </div>
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
        </div>
      </main>
      {panel ? <MarketingPanel /> : null}
    </div>
  );
}
