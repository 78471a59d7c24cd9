/**
 * Authentication (spec section 4): the session token lives in localStorage under `token`; the user is
 * loaded with GET /api/auth/me; a failed load removes the token and clears the user; logout removes the
 * token and the `token` cookie, clears the user and goes to /login. `useAuth` outside its provider throws.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import type { LoginBody, MeResponse, RegisterBody, TokenResponse } from '@app/domain';
import { useDispatch } from 'react-redux';
import { api } from './api';
import { deleteCookie } from './cookies';
import { readToken, writeToken, TOKEN_KEY } from './storage';
import { paths } from '../config/paths';
import { Spinner } from '../components/ui/spinner';

/** The signed-in user as the client holds it (spec section 3). */
export interface User {
  id: string;
  email: string;
  name: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<User, string>({
      query: (token) => ({ url: '/api/auth/me', headers: { Authorization: `Bearer ${token}` } }),
      transformResponse: (me: MeResponse): User => ({ id: me._id, email: me.email, name: me.name }),
      providesTags: [{ type: 'User', id: 'ME' }],
    }),
    login: build.mutation<TokenResponse, LoginBody>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<TokenResponse, RegisterBody>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
    }),
  }),
});

export const { useGetMeQuery, useLoginMutation, useRegisterMutation } = authApi;

export interface AuthContextValue {
  user: User | null;
  token: string | null;
  /** A token is held and its user is being loaded. */
  isLoading: boolean;
  /** Store a token (login, register, verify link) and load its user. */
  setSession: (token: string) => void;
  logout: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => readToken());
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const me = useGetMeQuery(token ?? skipToken);

  // A failed load removes the token and clears the user (the guard then sends the visitor to /login).
  useEffect(() => {
    if (token && me.isError && me.originalArgs === token) {
      writeToken(null);
      setToken(null);
    }
  }, [token, me.isError, me.originalArgs]);

  // Another tab logged in or out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY) setToken(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setSession = useCallback((next: string) => {
    writeToken(next);
    setToken(next);
  }, []);

  const logout = useCallback(() => {
    writeToken(null);
    deleteCookie('token');
    setToken(null);
    dispatch(api.util.resetApiState());
    navigate(paths.login.getHref(), { replace: true });
  }, [dispatch, navigate]);

  const user = token && me.data && me.originalArgs === token ? me.data : null;
  const isLoading = Boolean(token) && !user && !me.isError;

  const value = useMemo<AuthContextValue>(
    () => ({ user, token, isLoading, setSession, logout }),
    [user, token, isLoading, setSession, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** Guard rule (spec section 2): no stored token and no loaded user → /login. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, token, isLoading } = useAuth();
  const location = useLocation();
  if (!token && !user) {
    return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
  }
  if (isLoading) {
    return (
      <div className="page-center" aria-busy="true">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  return children ? <>{children}</> : <Outlet />;
}
