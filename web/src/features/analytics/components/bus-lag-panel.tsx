import type { ReactElement } from 'react';
import { Alert, Table, Tag, Typography } from 'antd';
import type { BusLagRow } from '@app/domain';
import { useGetBusLagQuery } from '../api';

/** Each consumer group of the message bus and how far behind it is on each topic, refreshed every few seconds. */
export function BusLagPanel(): ReactElement {
  const { data, error, isLoading } = useGetBusLagQuery(undefined, { pollingInterval: 3000, refetchOnMountOrArgChange: true });
  if (error) return <Alert type="error" showIcon message="The bus lag could not be loaded" />;
  return (
    <>
      <Typography.Paragraph type="secondary">
        Messages published and not yet handled, per consumer group and topic{data ? <> on the <Tag>{data.bus}</Tag> bus</> : null}.
      </Typography.Paragraph>
      <Table<BusLagRow>
        rowKey={(row) => `${row.groupId} ${row.topic}`}
        size="small"
        loading={isLoading}
        dataSource={data?.groups ?? []}
        pagination={false}
        locale={{ emptyText: 'No consumer group has read from the bus yet' }}
        aria-label="Consumer lag"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Consumer group', dataIndex: 'groupId', render: (group: string) => <strong>{group}</strong> },
          { title: 'Topic', dataIndex: 'topic' },
          { title: 'Partitions', dataIndex: 'partitions', align: 'right' },
          { title: 'Lag', dataIndex: 'lag', align: 'right', render: (lag: number) => <Tag color={lag === 0 ? 'green' : 'orange'}>{lag}</Tag> },
          { title: 'Most behind partition', dataIndex: 'maxPartitionLag', align: 'right' },
        ]}
      />
    </>
  );
}
