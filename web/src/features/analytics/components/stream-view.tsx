import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Descriptions, Empty, Slider, Spin, Typography } from 'antd';
import { useGetAnalyticsStreamQuery } from '../api';

/**
 * A stream stepped through its history: the slider picks a revision, the server folds the stream
 * up to that event's position with the domain's own evolve and answers the state there.
 */
export function StreamView({ streamId }: { streamId: string }): ReactElement {
  const head = useGetAnalyticsStreamQuery({ streamId });
  const [revision, setRevision] = useState<number | null>(null);
  useEffect(() => setRevision(null), [streamId]);
  const events = head.data?.events ?? [];
  const chosen = revision ?? events.length - 1;
  const position = events[chosen]?.position;
  const atPoint = useGetAnalyticsStreamQuery({ streamId, asOf: position }, { skip: position === undefined || revision === null });
  const view = revision === null ? head.data : atPoint.data;

  if (head.error) return <Alert type="error" showIcon message="This stream could not be loaded" />;
  if (!head.data) return <Spin />;
  if (events.length === 0) return <Empty description="This stream has no events" />;
  return (
    <div className="analytics-stream">
      <Typography.Text type="secondary">Step through its history:</Typography.Text>
      <Slider
        min={0}
        max={events.length - 1}
        value={chosen}
        onChange={(value) => setRevision(value)}
        marks={{ 0: '0', [events.length - 1]: String(events.length - 1) }}
        tooltip={{ formatter: (value) => (value === undefined ? '' : `${value}: ${events[value]?.type}`), getPopupContainer: (node) => node.parentElement ?? document.body }}
        aria-label="Revision"
      />
      <Descriptions size="small" column={1} items={[
        { key: 'r', label: 'Revision', children: `${chosen} of ${events.length - 1}` },
        { key: 't', label: 'Event', children: `${events[chosen].type} at ${new Date(events[chosen].recordedAt).toLocaleString()} (position ${events[chosen].position})` },
      ]} />
      <Typography.Title level={5}>State at revision {chosen}</Typography.Title>
      <Spin spinning={atPoint.isFetching}>
        <pre className="analytics-json" data-testid="stream-state">{JSON.stringify(view?.state ?? null, null, 2)}</pre>
      </Spin>
    </div>
  );
}
