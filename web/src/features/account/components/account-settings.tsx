import type { ReactElement } from 'react';
import { EmailForm } from '../forms/email-form';
import { PasswordForm } from '../forms/password-form';
import './account.css';

export function AccountForms(): ReactElement {
  return (
    <div className="account-grid">
      <EmailForm />
      <PasswordForm />
    </div>
  );
}
