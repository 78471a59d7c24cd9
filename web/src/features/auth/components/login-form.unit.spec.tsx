/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, server, useMswServer } from '../../../../test/server';
import { marker, renderRoutes } from '../../../../test/render';
import { LoginForm } from './login-form';

useMswServer();

function renderLogin() {
  return renderRoutes({ at: '/login', routes: [{ path: '/login', element: <LoginForm /> }, marker('/dashboard', 'Dashboard home')] });
}

describe('Login form', () => {
  it('should show the spec messages for an invalid email and a short password', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: /login/i }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('should show and hide the password with its own button, on a page that loads no antd', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'Secret1!x');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('should store the token, load the user and go to /dashboard on success', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'tok-1' });
      }),
      http.get('*/api/auth/me', ({ request }) =>
        request.headers.get('authorization') === 'Bearer tok-1'
          ? HttpResponse.json({ _id: 'u1', email: 'ada@example.com', name: 'Ada' })
          : new HttpResponse(null, { status: 401 }),
      ),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1!');
    await userEvent.click(screen.getByRole('button', { name: /login/i }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(body).toEqual({ email: 'ada@example.com', password: 'secret1!' });
    expect(window.localStorage.getItem('token')).toBe('tok-1');
  });

  it('should toast Login Failed when the credentials are wrong', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ error: 'Invalid credentials' }, { status: 401 })));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: /login/i }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password. Please try again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('should say the service is at capacity, not that the password is wrong, when the server stays busy', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/auth/login', () => {
        calls++;
        return HttpResponse.json({ error: 'The server is busy. Please try again in a moment.' }, { status: 503, headers: { 'retry-after': '1' } });
      }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1!');
    await userEvent.click(screen.getByRole('button', { name: /login/i }));
    expect(await screen.findByText('Service Unavailable', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Our service is currently at capacity. Please try again in a few minutes.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password. Please try again.')).toBeNull();
    // It asked once more after Retry-After before giving up.
    expect(calls).toBe(2);
  });

  it('should link to Google sign-in, forgot password, support and sign up', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: /continue with google/i })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});

describe('When the login call is in flight', () => {
  it('should disable the button', async () => {
    server.use(http.post('*/api/auth/login', () => new Promise(() => undefined)));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1!');
    await userEvent.click(screen.getByRole('button', { name: /login/i }));
    await waitFor(() => expect(screen.getByRole('button', { name: /logging in/i })).toBeDisabled());
  });
});
