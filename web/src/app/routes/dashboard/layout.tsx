import type { ReactElement } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { DashboardShell } from '../../../features/dashboard/components/dashboard-shell';
import { VideosLeft } from '../../../features/stats/components/videos-left';
import { statsApi } from '../../../features/stats/api';
import { getAppStore } from '../app-root';
import { GenerationTracker } from './generation-tracker';

/** The header's "videos left", asked for before the page first renders. */
export function prefetch() {
  return getAppStore().dispatch(statsApi.endpoints.getVideoStats.initiate(undefined, { subscribe: false }));
}

/** The signed-in frame: sidebar, header (search, counter, Upgrade, Logout), footer. */
export default function DashboardLayout(): ReactElement {
  const { logout } = useAuth();
  return (
    <DashboardShell counter={<VideosLeft />} onLogout={logout}>
      <Outlet />
      <GenerationTracker />
    </DashboardShell>
  );
}
