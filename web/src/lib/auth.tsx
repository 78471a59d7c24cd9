/**
 * Authentication (spec section 4): the session token lives in localStorage under `token`; the user is
 * loaded with GET /api/auth/me; an answer refusing the token (401/403) removes it and clears the user;
 * a network failure or a server error keeps the session and retries (docs/spec-deviations.md); logout
 * removes the token and the `token` cookie, clears the user and goes to /login. `useAuth` outside its
 * provider throws.
 */
import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import type { LoginBody, MeResponse, RegisterBody, Role, TokenResponse } from '@app/domain';
import { useDispatch } from 'react-redux';
import { api } from './api';
import { deleteCookie } from './cookies';
import { readToken, writeToken, TOKEN_KEY } from './storage';
import { dismissAllToasts, toast } from './toast';
import { paths } from '../config/paths';
import { Spinner } from '../components/ui/spinner';

/** The signed-in user as the client holds it (spec section 3). */
export interface User {
  id: string;
  email: string;
  name: string;
  /** `analyst` opens /dashboard/analytics; `pii` shows emails and names there unmasked. */
  roles: Role[];
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<User, string>({
      query: (token) => ({ url: '/api/auth/me', headers: { Authorization: `Bearer ${token}` } }),
      transformResponse: (me: MeResponse): User => ({ id: me._id, email: me.email, name: me.name, roles: me.roles ?? [] }),
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
  /** Loading the user failed without an answer about the token: retrying, the session kept. */
  reconnecting: boolean;
  /** Store a token (login, register, verify link) and load its user. */
  setSession: (token: string) => void;
  logout: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * True while the build renders the signed-in pages into their HTML (entry-server.tsx): the pages
 * are drawn as a signed-in visitor first sees them, a session held and its user still loading.
 */
export const PrerenderedSession = createContext(false);

/** First retry of GET /api/auth/me after a failure that was not an answer about the token, then doubling. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** 401 or 403: the server looked at the token and refused it. Anything else (no answer, 5xx) says nothing about it. */
function isTokenRejection(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 401 || status === 403;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const prerendered = useContext(PrerenderedSession);
  const [token, setToken] = useState<string | null>(() => readToken() ?? (prerendered ? 'prerendered' : null));
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const me = useGetMeQuery(token ?? skipToken);
  const rejected = token !== null && me.isError && me.originalArgs === token && isTokenRejection(me.error);
  const unreachable = token !== null && me.isError && me.originalArgs === token && !rejected;
  const retries = useRef(0);

  // An answer refusing the token removes it and clears the user (the guard then sends the visitor to /login).
  useEffect(() => {
    if (rejected) {
      writeToken(null);
      setToken(null);
    }
  }, [rejected]);

  // No answer (the network, a restarting server): the session stays; say so once and try again, backing off.
  const { refetch } = me;
  const loaded = Boolean(me.data);
  useEffect(() => {
    if (loaded) retries.current = 0;
  }, [loaded, token]);
  // One retry per failed attempt (each has its own request id; a failure can follow a failure unseen otherwise).
  const { isFetching, requestId } = me;
  useEffect(() => {
    if (!unreachable || isFetching) return;
    if (retries.current === 0) toast({ title: 'Connection problem', description: 'We could not reach the server. Retrying…' });
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** retries.current++);
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [unreachable, isFetching, requestId, refetch]);

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
    // What the session's toasts said ("Your account has been created", "Rendering version 2") is not for the login page.
    dismissAllToasts();
    navigate(paths.login.getHref(), { replace: true });
  }, [dispatch, navigate]);

  const loadedUser = token && me.data && me.originalArgs === token ? me.data : null;
  // The user's arrival is drawn as a transition. It comes from the store, a useSyncExternalStore
  // value that React renders at once, in one task, wherever it shows. On a page taken over from its
  // prerendered HTML, that also hydrated the page's still-dehydrated parts in the same task: about
  // 170 ms of /dashboard/create, Lighthouse's total blocking time 500-1,100 ms on a phone. Deferred,
  // the urgent render leaves every page as it is, and the one that shows the user yields as it goes.
  // A user who leaves (signed out, token refused) or changes is shown at once.
  const arrived = useDeferredValue(loadedUser);
  const user = arrived === null ? null : loadedUser;
  // While the server cannot be reached, the session is still loading: pages wait, nobody is logged out.
  const isLoading = Boolean(token) && !user && !rejected;

  const value = useMemo<AuthContextValue>(
    () => ({ user, token, isLoading, reconnecting: unreachable, setSession, logout }),
    [user, token, isLoading, unreachable, setSession, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** What a link to /login carries so that, once logged in, the visitor comes back to where they were. */
interface LoginReturn {
  from: string;
}

/** A link to /login that brings the visitor back to this page once logged in: spread it on a Link or a Navigate. */
export function useLoginReturningHere(): { to: string; state: LoginReturn } {
  const location = useLocation();
  return { to: paths.login.getHref(), state: { from: location.pathname + location.search } };
}

/** Where the login page goes on to: the dashboard page the visitor was on their way to, else the dashboard. */
export function afterLogin(state: unknown): string {
  const from = (state as Partial<LoginReturn> | null)?.from;
  return typeof from === 'string' && from.startsWith(paths.dashboard.root.path) ? from : paths.dashboard.root.getHref();
}

/**
 * Guard rule (spec section 2): no stored token and no loaded user → /login. With a token, the page
 * renders while its user loads (its own requests leave beside GET /api/auth/me, not after it);
 * a refused token then sends the visitor to /login, and a server that cannot be reached holds the
 * page behind a notice until it answers.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, token, reconnecting } = useAuth();
  const login = useLoginReturningHere();
  if (!token && !user) {
    return <Navigate {...login} replace />;
  }
  if (reconnecting && !user) {
    return (
      <div className="page-center" aria-busy="true">
        <Spinner label="Reconnecting to your account…" />
      </div>
    );
  }
  return children ? <>{children}</> : <Outlet />;
}
