import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { authApi, AuthProvider } from '../../lib/auth';
import { sessionStateArrived } from '../../lib/api';
import { readToken } from '../../lib/storage';
import { makeStore, type AppStore } from '../store';

let appStore: AppStore | undefined;
let initialState: ReturnType<AppStore['getState']> | undefined;
/** The answers of a page the server drew for its visitor, for the store to start from (app/start.tsx). */
let sessionState: Record<string, unknown> | undefined;

/**
 * The app's one store, created when the first app route loads, holding the answers the page was
 * drawn from when the server drew it for its visitor (`startFromSessionState`).
 */
export function getAppStore(): AppStore {
  if (!appStore) {
    appStore = makeStore();
    if (sessionState) appStore.dispatch(sessionStateArrived(sessionState));
    sessionState = undefined;
    initialState = appStore.getState();
  }
  return appStore;
}

/** The browser takes over a page the server drew for its visitor: the store starts from its answers. */
export function startFromSessionState(state: Record<string, unknown>): void {
  sessionState = state;
}

/**
 * On the server, one page drawn for its visitor: `store` is the app's store while it is drawn
 * (entry-server's `renderForSession`, one page at a time), read by the page as it is once its first
 * reads are in (`settle`), and none after (`release`).
 */
export function storeForRender(store: AppStore) {
  appStore = store;
  initialState = store.getState();
  return {
    settle: () => {
      initialState = store.getState();
    },
    release: () => {
      appStore = undefined;
      initialState = undefined;
    },
  };
}

/** The user of the stored session (GET /api/auth/me), asked for before the signed-in page first renders. */
export function prefetch() {
  const token = readToken();
  if (token) return getAppStore().dispatch(authApi.endpoints.getMe.initiate(token, { subscribe: false }));
}

/** Store and auth for the sign-in screens and the dashboard (the marketing pages do without them). */
export default function AppRoot() {
  return (
    // While the app takes a prerendered page over (hydration), it reads the store as the build did,
    // empty (`serverState`), even when the page's first reads are in already; then the store as it is.
    <Provider store={getAppStore()} serverState={initialState}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </Provider>
  );
}
