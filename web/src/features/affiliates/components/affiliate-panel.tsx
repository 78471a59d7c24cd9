import type { ReactElement } from 'react';
import { Button } from 'antd';
import { LoginOutlined, UserAddOutlined, DollarOutlined } from '@ant-design/icons';

/** The external affiliate portal. */
export const AFFILIATE_PORTAL = {
  login: 'https://reelpilot.firstpromoter.com/login',
  register: 'https://reelpilot.firstpromoter.com/signup',
} as const;

/** Two buttons opening the affiliate portal in a new tab. */
export function AffiliatePanel(): ReactElement {
  return (
    <section className="affiliate-panel" aria-labelledby="affiliate-title" style={{ background: '#fff', border: '1px solid var(--c-line)', borderRadius: 'var(--radius)', padding: 28, boxShadow: 'var(--shadow-sm)', maxWidth: 720 }}>
      <h2 id="affiliate-title" style={{ marginTop: 0, display: 'flex', gap: 8, alignItems: 'center' }}>
        <DollarOutlined aria-hidden /> Earn by sharing
      </h2>
      <p>Refer creators to the product and earn a commission on their subscriptions. Your referral link is tracked for 30 days.</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 16 }}>
        <Button type="primary" size="large" icon={<UserAddOutlined />} href={AFFILIATE_PORTAL.register} target="_blank" rel="noopener noreferrer">
          Join the affiliate program
        </Button>
        <Button size="large" icon={<LoginOutlined />} href={AFFILIATE_PORTAL.login} target="_blank" rel="noopener noreferrer">
          Affiliate login
        </Button>
      </div>
    </section>
  );
}
