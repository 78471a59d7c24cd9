import type { ReactElement } from 'react';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { AccountForms } from '../../../features/account/components/account-settings';
import { LinkedAccounts } from '../../../features/social/components/linked-accounts';

export default function AccountPage(): ReactElement {
  return (
    <>
      <PageHeader title="Account Settings" subtitle="Your login email, password and linked accounts." />
      <AccountForms />
      <section className="account-linked" aria-labelledby="linked-title">
        <h2 id="linked-title" className="account-h2">
          LINKED ACCOUNTS
        </h2>
        <LinkedAccounts />
      </section>
    </>
  );
}
