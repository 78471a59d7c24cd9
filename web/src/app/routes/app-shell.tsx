import { Outlet } from 'react-router-dom';
import { AntdProvider } from '../../components/antd-provider';

/** Wraps the dashboard routes with the antd theme (kept out of the landing page's bundle). */
export default function AppShell() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
