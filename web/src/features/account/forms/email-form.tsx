import type { ReactElement } from 'react';
import { Form } from 'react-final-form';
import type { FormApi } from 'final-form';
import { Button } from 'antd';
import { TextField } from '../../../components/form';
import { serverErrorOf } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useUpdateEmailMutation } from '../api';

interface EmailValues {
  email?: string;
}

/**
 * UPDATE EMAIL: only the browser's email input type validates (spec section 5). The note names the
 * email the creator signs in with now (nowhere else in the app shows it), once the user is in.
 */
export function EmailForm(): ReactElement {
  const [updateEmail] = useUpdateEmailMutation();
  const { user } = useAuth();
  const onSubmit = async (values: EmailValues, form: FormApi<EmailValues>) => {
    const result = await updateEmail({ email: (values.email ?? '').trim() });
    if ('error' in result) {
      toast({ title: 'Error', description: serverErrorOf(result.error) ?? 'Failed to update email', variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Email updated successfully', variant: 'success' });
    setTimeout(() => form.restart());
  };
  return (
    <Form<EmailValues>
      onSubmit={onSubmit}
      render={({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} className="account-form" aria-labelledby="update-email-title">
          <h2 id="update-email-title" className="account-h2">
            UPDATE EMAIL
          </h2>
          <TextField
            name="email"
            type="email"
            label="New email"
            autoComplete="email"
            help={
              user ? (
                <>
                  You sign in with <strong className="account-current-email">{user.email}</strong>. This email becomes your login email.
                </>
              ) : (
                'This email becomes your login email.'
              )
            }
            placeholder="you@example.com"
          />
          <Button type="primary" htmlType="submit" loading={submitting} disabled={submitting || !values.email}>
            Save Changes
          </Button>
        </form>
      )}
    />
  );
}
