import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { authApi, AuthProvider } from '../../lib/auth';
import { readToken } from '../../lib/storage';
import { makeStore, type AppStore } from '../store';

let appStore: AppStore | undefined;
let initialState: ReturnType<AppStore['getState']> | undefined;
/** The app's one store, created when the first app route loads. */
export function getAppStore(): AppStore {
  if (!appStore) {
    appStore = makeStore();
    initialState = appStore.getState();
  }
  return appStore;
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
