/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, server, useMswServer } from '../../../../test/server';
import { renderRoutes } from '../../../../test/render';
import { EmailForm } from './email-form';

useMswServer();

describe('Update email', () => {
  let email = 'ada@example.com';
  beforeEach(() => {
    email = 'ada@example.com';
    window.localStorage.setItem('token', 'good');
    server.use(
      http.get('*/api/auth/me', () => HttpResponse.json({ _id: 'u1', email, name: 'Ada', roles: [] })),
      http.post('*/api/auth/update-email', async ({ request }) => {
        email = ((await request.json()) as { email: string }).email;
        return HttpResponse.json({ message: 'ok', position: 3 });
      }),
    );
  });
  afterEach(() => window.localStorage.clear());

  it('given a signed-in creator, when the form shows, then it names the email they sign in with', async () => {
    renderRoutes({ at: '/dashboard/account', routes: [{ path: '/dashboard/account', element: <EmailForm /> }] });
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText(/This email becomes your login email\./)).toBeInTheDocument();
  });

  it('given a new email saved, when the server has it, then the note names the new one', async () => {
    renderRoutes({ at: '/dashboard/account', routes: [{ path: '/dashboard/account', element: <EmailForm /> }] });
    await screen.findByText('ada@example.com');
    await userEvent.type(screen.getByLabelText('New email'), 'ada.l@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Email updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('ada.l@example.com')).toBeInTheDocument();
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
  });
});
