/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse, server, useMswServer } from '../../../../test/server';
import { marker, renderRoutes } from '../../../../test/render';
import { ForgotPasswordForm, RESET_LINK_SENT } from './forgot-password-form';
import { ResetPasswordForm, TOKEN_MISSING } from './reset-password-form';
import { useParams } from 'react-router-dom';

useMswServer();

function ResetWithParam() {
  const { resetToken } = useParams();
  return <ResetPasswordForm token={resetToken} />;
}

describe('Forgot password', () => {
  const renderForgot = () =>
    renderRoutes({ at: '/forgotpassword', routes: [{ path: '/forgotpassword', element: <ForgotPasswordForm /> }, marker('/reset-password/:t', 'Reset page')] });
  const submit = async (email: string) => {
    await userEvent.type(screen.getByLabelText('Email'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Reset Password' }));
  };

  it('should validate the email', async () => {
    renderForgot();
    await submit('x@');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  it("should show 'Redirecting...' while busy, then the confirmation (secure flow, no token)", async () => {
    server.use(
      http.post('*/api/auth/forgot-password', async () => {
        await delay(150);
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderForgot();
    await submit('ada@example.com');
    expect(await screen.findByRole('button', { name: /redirecting\.\.\./i })).toBeDisabled();
    expect(await screen.findByText(RESET_LINK_SENT)).toBeInTheDocument();
  });

  it("should toast the server's error, else 'Unable to find the user.'", async () => {
    server.use(http.post('*/api/auth/forgot-password', () => HttpResponse.json({}, { status: 404 })));
    renderForgot();
    await submit('ada@example.com');
    expect(await screen.findByText('Unable to find the user.')).toBeInTheDocument();
  });

  it("should toast 'Error!' on a network failure", async () => {
    server.use(http.post('*/api/auth/forgot-password', () => HttpResponse.error()));
    renderForgot();
    await submit('ada@example.com');
    expect(await screen.findByText('Error!')).toBeInTheDocument();
    expect(screen.getByText('Unable to send reset link. Please try again later.')).toBeInTheDocument();
  });
});

describe('Reset password', () => {
  const renderReset = (at: string) =>
    renderRoutes({
      at,
      routes: [{ path: '/reset-password/:resetToken?', element: <ResetWithParam /> }, marker('/login', 'Login page')],
    });

  it('should say the token is missing when the URL has none', () => {
    renderReset('/reset-password');
    expect(screen.getByText(TOKEN_MISSING)).toBeInTheDocument();
    expect(TOKEN_MISSING).toBe('Error: Token is missing in the URL.');
  });

  it('should check the rules and the confirmation', async () => {
    renderReset('/reset-password/abc');
    await userEvent.type(screen.getByLabelText('New password'), 'abcdefg');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must contain at least one number')).toBeInTheDocument();
    expect(screen.getByText('Confirm password must be at least 6 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'secret1!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'defghi');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('should post the password, toast success and go to /login', async () => {
    let seen: { token?: string; body?: unknown } = {};
    server.use(
      http.post('*/api/auth/reset-password/:token', async ({ params, request }) => {
        seen = { token: String(params.token), body: await request.json() };
        return HttpResponse.json({ message: 'Password updated' });
      }),
    );
    renderReset('/reset-password/tok-9');
    await userEvent.type(screen.getByLabelText('New password'), 'secret1!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(seen).toEqual({ token: 'tok-9', body: { password: 'secret1!' } });
    expect(screen.getByText('Password Reset Successful!')).toBeInTheDocument();
    expect(screen.getByText('Your password has been updated.')).toBeInTheDocument();
  });

  it("should toast the server's error, else the fallback", async () => {
    server.use(http.post('*/api/auth/reset-password/:token', () => HttpResponse.json({ error: 'Invalid or expired token' }, { status: 400 })));
    renderReset('/reset-password/old');
    await userEvent.type(screen.getByLabelText('New password'), 'secret1!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid or expired token')).toBeInTheDocument();
  });
});
