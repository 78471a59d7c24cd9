import type { ReactElement } from 'react';
import { PLATFORM_LABELS, isPlatform } from '@app/domain';
import { useReturnNotice } from '../../../lib/use-return-notice';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { AccountForms } from '../../../features/account/components/account-settings';
import { LinkedAccounts } from '../../../features/social/components/linked-accounts';

const LINK_OUTCOMES = ['linked', 'linkError'] as const;

/** Back from a platform's consent page (`?linked=<platform>` or `?linkError=<platform>`). */
function linkOutcome(params: URLSearchParams) {
  const linked = params.get('linked');
  if (isPlatform(linked)) return { title: 'Success', description: `${PLATFORM_LABELS[linked]} connected successfully`, variant: 'success' as const };
  const failed = params.get('linkError');
  if (isPlatform(failed)) return { title: 'Error', description: `Failed to connect to ${PLATFORM_LABELS[failed]}`, variant: 'destructive' as const };
  return null;
}

export default function AccountPage(): ReactElement {
  useReturnNotice(LINK_OUTCOMES, linkOutcome);
  return (
    <>
      <PageHeader title={APP_TITLES.account} subtitle="Your login email, password and linked accounts." />
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
