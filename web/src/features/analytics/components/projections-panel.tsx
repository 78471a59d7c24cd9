import type { ReactElement } from 'react';
import { Alert, Button, Progress, Table, Tag } from 'antd';
import type { ProjectionStatus } from '@app/domain';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useGetProjectionsQuery, useRebuildProjectionMutation } from '../api';

const STATUS_COLORS = { live: 'green', rebuilding: 'blue', stopped: 'red' } as const;

/** Each read model and reactor: position, lag, status, and a rebuild with its progress. */
export function ProjectionsPanel(): ReactElement {
  const { data, error, isLoading } = useGetProjectionsQuery(undefined, { pollingInterval: 2000, refetchOnMountOrArgChange: true });
  const [rebuild, { isLoading: starting, originalArgs }] = useRebuildProjectionMutation();
  const start = async (name: string) => {
    try {
      await rebuild(name).unwrap();
      toast({ title: 'Rebuild started', description: `${name} is being rebuilt beside the live read model.` });
    } catch (e) {
      toast({ title: 'Rebuild not started', description: serverErrorOf(e) ?? 'The server could not be reached', variant: 'destructive' });
    }
  };
  if (error) return <Alert type="error" showIcon message="The projections could not be loaded" />;
  return (
    <Table<ProjectionStatus>
      rowKey="name"
      size="small"
      loading={isLoading}
      dataSource={data?.projections ?? []}
      pagination={false}
      scroll={{ x: 760 }}
      columns={[
        { title: 'Name', dataIndex: 'name', fixed: 'left', render: (name: string, p) => <><strong>{name}</strong> <Tag>{p.kind}</Tag></> },
        { title: 'Status', dataIndex: 'status', render: (status: ProjectionStatus['status']) => <Tag color={STATUS_COLORS[status]}>{status}</Tag> },
        { title: 'Position', dataIndex: 'position', align: 'right' },
        { title: 'Lag', dataIndex: 'lag', align: 'right' },
        { title: 'Events/s', dataIndex: 'eventsPerSecond', align: 'right' },
        { title: 'Last rebuilt', dataIndex: 'rebuiltAt', render: (at: string | null, p) => (p.kind === 'reactor' ? '—' : at ? new Date(at).toLocaleString() : 'never') },
        {
          title: 'Rebuild',
          key: 'rebuild',
          render: (_: unknown, p) => {
            if (p.kind !== 'read-model') return null;
            if (p.rebuild) return <Progress size="small" percent={p.rebuild.target ? Math.floor((p.rebuild.position / p.rebuild.target) * 100) : 0} aria-label={`Rebuilding ${p.name}`} />;
            return <Button size="small" onClick={() => void start(p.name)} loading={starting && originalArgs === p.name} aria-label={`Rebuild ${p.name}`}>Rebuild</Button>;
          },
        },
      ]}
    />
  );
}
