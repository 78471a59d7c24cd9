import type { ReactElement } from 'react';
import { Form } from 'react-final-form';
import type { FormApi } from 'final-form';
import { Button } from 'antd';
import { PasswordField } from '../../../components/form';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdatePasswordMutation } from '../api';

interface PasswordValues {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/** CHANGE PASSWORD: new and confirm must match ('Passwords do not match'). */
export function PasswordForm(): ReactElement {
  const [updatePassword] = useUpdatePasswordMutation();
  const onSubmit = async (values: PasswordValues, form: FormApi<PasswordValues>) => {
    if ((values.newPassword ?? '') !== (values.confirmPassword ?? '')) {
      toast({ title: 'Error', description: 'Passwords do not match', variant: 'destructive' });
      return;
    }
    const result = await updatePassword({ currentPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '' });
    if ('error' in result) {
      toast({ title: 'Error', description: serverErrorOf(result.error) ?? 'Failed to update password', variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Password updated successfully', variant: 'success' });
    setTimeout(() => form.restart());
  };
  return (
    <Form<PasswordValues>
      onSubmit={onSubmit}
      render={({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} className="account-form" aria-labelledby="change-password-title">
          <h2 id="change-password-title" className="account-h2">
            CHANGE PASSWORD
          </h2>
          <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" />
          <PasswordField name="newPassword" label="New password" autoComplete="new-password" />
          <PasswordField name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
          <Button
            type="primary"
            htmlType="submit"
            loading={submitting}
            disabled={submitting || !values.currentPassword || !values.newPassword || !values.confirmPassword}
          >
            Update Password
          </Button>
        </form>
      )}
    />
  );
}
