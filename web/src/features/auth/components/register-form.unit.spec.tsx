/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, server, useMswServer } from '../../../../test/server';
import { marker, renderRoutes } from '../../../../test/render';
import { RegisterForm } from './register-form';

useMswServer();

const renderRegister = () =>
  renderRoutes({ at: '/register', routes: [{ path: '/register', element: <RegisterForm /> }, marker('/dashboard', 'Dashboard home')] });

async function fill(name: string, email: string, password: string) {
  if (name) await userEvent.type(screen.getByLabelText('Name'), name);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: /create account/i }));
}

describe('Register form', () => {
  it('should show the name, email and password messages', async () => {
    renderRegister();
    await fill('A', 'nope', 'abcdef');
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
  });

  it('should ask for a special character', async () => {
    renderRegister();
    await fill('Ada', 'ada@example.com', 'abcde1');
    expect(await screen.findByText('Password must contain at least one special character')).toBeInTheDocument();
  });

  it('should send the fpr cookie, toast Success! and go to /dashboard', async () => {
    document.cookie = 'fpr=partner42; path=/';
    let body: Record<string, unknown> = {};
    server.use(
      http.post('*/api/auth/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ token: 'tok-2', position: 7 }, { status: 201 });
      }),
      http.get('*/api/auth/me', () => HttpResponse.json({ _id: 'u2', email: 'ada@example.com', name: 'Ada' })),
    );
    const { store } = renderRegister();
    await fill('Ada', 'ada@example.com', 'secret1!');
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'secret1!', fpr: 'partner42' });
    expect(screen.getByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok-2');
    expect(store.getState().position.last).toBe(7);
  });

  it("should toast 'Registration failed' with the server's message", async () => {
    server.use(http.post('*/api/auth/register', () => HttpResponse.json({ error: 'Email already registered' }, { status: 409 })));
    renderRegister();
    await fill('Ada', 'ada@example.com', 'secret1!');
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
  });

  it("should fall back to 'Please try again later'", async () => {
    server.use(http.post('*/api/auth/register', () => HttpResponse.error()));
    renderRegister();
    await fill('Ada', 'ada@example.com', 'secret1!');
    expect(await screen.findByText('Please try again later')).toBeInTheDocument();
  });

  it('should keep the special characters of the password hint together when the line wraps', () => {
    renderRegister();
    const hint = screen.getByText(/^Use 6\+ characters with a number and one of/);
    // Given a narrow form, the hint may wrap anywhere before the list, never inside it
    expect(hint.textContent).toBe('Use 6+ characters with a number and one of !\u00a0@\u00a0#\u00a0$\u00a0%\u00a0^\u00a0&\u00a0*');
  });

  it('should offer Google sign-up and a login link', () => {
    renderRegister();
    expect(screen.getByRole('link', { name: /sign up with google/i })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
