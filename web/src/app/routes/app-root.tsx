import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../../lib/auth';
import { makeStore, type AppStore } from '../store';

let appStore: AppStore | undefined;
/** The app's one store, created when the first app route loads. */
export function getAppStore(): AppStore {
  appStore ??= makeStore();
  return appStore;
}

/** Store and auth for the sign-in screens and the dashboard (the marketing pages do without them). */
export default function AppRoot() {
  return (
    <Provider store={getAppStore()}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </Provider>
  );
}
