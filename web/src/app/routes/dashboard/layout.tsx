import type { ReactElement } from 'react';
import { Outlet } from 'react-router-dom';

export default function DashboardLayout(): ReactElement {
  return <Outlet />;
}
