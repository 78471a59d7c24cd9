/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderRoutes } from '../../test/render';
import { useMswServer } from '../../test/server';
import LoginRoute from '../app/routes/login';
import AccountPage from '../app/routes/dashboard/account';
import { http, HttpResponse, server } from '../../test/server';

useMswServer();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

describe('When a page is reached back from elsewhere with a note in its query', () => {
  it("should tell a failed Google sign-in with the spec's words, once, and drop the note", async () => {
    renderRoutes({ at: '/login?error=google', routes: [{ path: '/login', element: <><LoginRoute /><Where /></> }] });
    expect(await screen.findByText('Signup failed')).toBeInTheDocument();
    expect(screen.getByText('Google authentication error')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
  });

  describe('Given the Account page after a platform consent', () => {
    beforeEach(() => {
      server.use(
        http.get('*/api/auth/:platform/status', () => HttpResponse.json({ connected: false })),
        http.get('*/api/auth/me', () => HttpResponse.json({ _id: 'u1', email: 'ada@example.com', name: 'Ada' })),
      );
    });

    it('should confirm a linked platform and drop the note', async () => {
      renderRoutes({ at: '/dashboard/account?linked=tiktok', routes: [{ path: '/dashboard/account', element: <><AccountPage /><Where /></> }] });
      expect(await screen.findByText('TikTok connected successfully')).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/account$/);
    });

    it("should tell a failed link with the spec's 'Failed to connect to <platform>'", async () => {
      renderRoutes({ at: '/dashboard/account?linkError=youtube', routes: [{ path: '/dashboard/account', element: <AccountPage /> }] });
      expect(await screen.findByText('Failed to connect to YouTube')).toBeInTheDocument();
    });

    it('should say nothing about an unknown platform', async () => {
      renderRoutes({ at: '/dashboard/account?linked=myspace', routes: [{ path: '/dashboard/account', element: <><AccountPage /><Where /></> }] });
      expect(await screen.findByTestId('where')).toHaveTextContent(/^\/dashboard\/account$/);
      expect(screen.queryByText(/connected successfully/)).not.toBeInTheDocument();
    });
  });
});
