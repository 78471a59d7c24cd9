import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from 'antd';
import { EventExplorer } from './event-explorer';
import { BusLagPanel } from './bus-lag-panel';
import { AnalyticsOverview } from './overview';
import { ProjectionsPanel } from './projections-panel';
import './analytics.css';

const VIEWS = ['overview', 'events', 'projections', 'bus'] as const;
type View = (typeof VIEWS)[number];

/** /dashboard/analytics: the overview charts, the event explorer, the projections and the bus lag, one tab each (in the URL). */
export function AnalyticsPage(): ReactElement {
  const [search, setSearch] = useSearchParams();
  const view: View = (VIEWS as readonly string[]).includes(search.get('view') ?? '') ? (search.get('view') as View) : 'overview';
  return (
    <Tabs
      activeKey={view}
      onChange={(key) => setSearch(key === 'overview' ? {} : { view: key })}
      destroyOnHidden
      items={[
        { key: 'overview', label: 'Overview', children: <AnalyticsOverview /> },
        { key: 'events', label: 'Events', children: <EventExplorer /> },
        { key: 'projections', label: 'Projections', children: <ProjectionsPanel /> },
        { key: 'bus', label: 'Bus lag', children: <BusLagPanel /> },
      ]}
    />
  );
}
