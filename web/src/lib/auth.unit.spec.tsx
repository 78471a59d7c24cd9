/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { lazy, Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, server, useMswServer } from '../../test/server';
import { marker, renderRoutes } from '../../test/render';
import { afterLogin, ProtectedRoute, useAuth } from './auth';
import { resetToasts, toast } from './toast';

useMswServer();

function WhoAmI() {
  const { user, isLoading, logout } = useAuth();
  if (isLoading) return <p>loading user</p>;
  return (
    <div>
      <p>{user ? `Hello ${user.name} (${user.id})` : 'No user'}</p>
      <button type="button" onClick={logout}>
        Logout
      </button>
    </div>
  );
}

const meOk = http.get('*/api/auth/me', ({ request }) =>
  request.headers.get('authorization') === 'Bearer good'
    ? HttpResponse.json({ _id: 'u1', email: 'ada@example.com', name: 'Ada' })
    : HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
);

describe('AuthProvider', () => {
  it('should load the user of the stored token with GET /api/auth/me', async () => {
    server.use(meOk);
    window.localStorage.setItem('token', 'good');
    renderRoutes({ at: '/', routes: [{ path: '/', element: <WhoAmI /> }] });
    expect(await screen.findByText('Hello Ada (u1)')).toBeInTheDocument();
  });

  it('should remove the token and clear the user when loading fails', async () => {
    server.use(meOk);
    window.localStorage.setItem('token', 'expired');
    renderRoutes({ at: '/', routes: [{ path: '/', element: <WhoAmI /> }] });
    expect(await screen.findByText('No user')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  describe('When the server cannot be reached while the user loads (a network blip, a restart)', () => {
    it('should keep the token and the session, say so, and load the user once the server answers', async () => {
      let calls = 0;
      server.use(http.get('*/api/auth/me', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.error();
        if (calls === 2) return HttpResponse.json({ error: 'Internal server error' }, { status: 503 });
        return HttpResponse.json({ _id: 'u1', email: 'ada@example.com', name: 'Ada' });
      }));
      window.localStorage.setItem('token', 'good');
      renderRoutes({ at: '/dashboard', routes: [{ element: <ProtectedRoute />, children: [{ path: '/dashboard', element: <WhoAmI /> }] }, marker('/login', 'Login page')] });

      expect(await screen.findByText('We could not reach the server. Retrying…')).toBeInTheDocument();
      expect(screen.getByText('Reconnecting to your account…')).toBeInTheDocument();
      expect(window.localStorage.getItem('token')).toBe('good');
      expect(await screen.findByText('Hello Ada (u1)', undefined, { timeout: 8000 })).toBeInTheDocument();
      expect(screen.queryByText('Login page')).not.toBeInTheDocument();
      expect(calls).toBe(3);
    }, 15_000);
  });

  it('should clear the token and the token cookie on logout and go to /login', async () => {
    server.use(meOk);
    window.localStorage.setItem('token', 'good');
    document.cookie = 'token=good; path=/';
    renderRoutes({ at: '/', routes: [{ path: '/', element: <WhoAmI /> }, marker('/login', 'Login page')] });
    await screen.findByText('Hello Ada (u1)');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });

  it("should close the session's toasts on logout", async () => {
    // Given a signed-in page showing the toast of the account just created
    server.use(meOk);
    resetToasts();
    window.localStorage.setItem('token', 'good');
    renderRoutes({ at: '/', routes: [{ path: '/', element: <WhoAmI /> }, marker('/login', 'Login page')] });
    await screen.findByText('Hello Ada (u1)');
    act(() => void toast({ variant: 'success', title: 'Success!', description: 'Your account has been created successfully.' }));
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
    // When the creator logs out at once
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // Then the login page shows without it
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByText('Your account has been created successfully.')).not.toBeInTheDocument();
  });

  describe('Given a page drawn before its user has loaded', () => {
    it('should draw the user as a transition when they arrive, keeping the page as it is until that is ready', async () => {
      // The part of the page that shows the user needs code that has not arrived yet.
      let arrive = () => undefined as void;
      const code = new Promise<void>((resolve) => (arrive = resolve));
      const Greeting = lazy(() => code.then(() => ({ default: () => <p>Hello Ada</p> })));
      function Page() {
        const { user } = useAuth();
        return user ? <Greeting /> : <p>The page as drawn</p>;
      }
      let answered = () => undefined as void;
      const answer = new Promise<void>((resolve) => (answered = resolve));
      server.use(http.get('*/api/auth/me', () => {
        answered();
        return HttpResponse.json({ _id: 'u1', email: 'ada@example.com', name: 'Ada' });
      }));
      window.localStorage.setItem('token', 'good');
      renderRoutes({ at: '/', routes: [{ path: '/', element: <Suspense fallback={<p>The page blanked</p>}><Page /></Suspense> }] });

      // When the user arrives: an urgent render would show the boundary's fallback in the page's
      // place while the code loads; a transition keeps what was drawn.
      await act(async () => {
        await answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(screen.getByText('The page as drawn')).toBeInTheDocument();
      expect(screen.queryByText('The page blanked')).not.toBeInTheDocument();

      await act(async () => arrive());
      expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    });
  });

  it('should throw when useAuth is used outside its provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<WhoAmI />)).toThrow('useAuth must be used within an AuthProvider');
    spy.mockRestore();
  });
});

describe('Guard', () => {
  const routes = [
    { element: <ProtectedRoute />, children: [marker('/dashboard', 'Secret dashboard')] },
    marker('/login', 'Login page'),
  ];

  it('should send a visitor with no token to /login', async () => {
    renderRoutes({ at: '/dashboard', routes });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('should show the page once the user is loaded', async () => {
    server.use(meOk);
    window.localStorage.setItem('token', 'good');
    renderRoutes({ at: '/dashboard', routes });
    expect(await screen.findByText('Secret dashboard')).toBeInTheDocument();
  });

  it('should send the visitor to /login when the stored token is rejected', async () => {
    server.use(meOk);
    window.localStorage.setItem('token', 'bad');
    renderRoutes({ at: '/dashboard', routes });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});

describe('afterLogin', () => {
  it('should go on to the dashboard page the visitor was sent to log in from, with its query', () => {
    // Given a login page reached from a video link
    const state = { from: '/dashboard/view/v1?tab=studio' };
    // When the visitor logs in
    // Then they are back on that video
    expect(afterLogin(state)).toBe('/dashboard/view/v1?tab=studio');
  });

  it('should go to the dashboard when the login page was opened straight', () => {
    expect(afterLogin(null)).toBe('/dashboard');
    expect(afterLogin(undefined)).toBe('/dashboard');
    expect(afterLogin({})).toBe('/dashboard');
  });

  it('should not go on to a page outside the dashboard, nor to a value that is not a path', () => {
    // Given a state written by something else in the history (another app, a hand-made link)
    // Then the login never leads off the dashboard
    expect(afterLogin({ from: 'https://evil.example/dashboard' })).toBe('/dashboard');
    expect(afterLogin({ from: '/billing' })).toBe('/dashboard');
    expect(afterLogin({ from: 42 })).toBe('/dashboard');
  });
});
