import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Alert, Button, Drawer, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { Form } from 'react-final-form';
import { SelectField, TextField } from '../../../components/form';
import { DownloadOutlined } from '@ant-design/icons';
import type { AnalyticsEvent } from '@app/domain';
import { toast } from '../../../lib/toast';
import { useGetAnalyticsEventsQuery, type EventsFilter } from '../api';
import { downloadExport, followLog } from '../lib/log-stream';
import { StreamView } from './stream-view';

const CATEGORIES = ['user', 'video', 'series', 'post', 'subscription', 'social', 'email', 'google', 'projection'];
const PAGE = 50;
/** How many live events the table keeps (newest first). */
const LIVE_KEEP = 500;

const metaOf = (event: AnalyticsEvent) => event.metadata as { correlationId?: string; causationId?: string };

/**
 * The events of one user action (its correlation id), in order: what caused this event and what it
 * caused, each a link to its own detail.
 */
function RelatedEvents({ event, onOpen }: { event: AnalyticsEvent; onOpen: (event: AnalyticsEvent) => void }): ReactElement | null {
  const correlation = metaOf(event).correlationId;
  const related = useGetAnalyticsEventsQuery({ correlation, after: 0, limit: 200 }, { skip: !correlation });
  if (!correlation) return null;
  const events = related.data?.events ?? [];
  return (
    <>
      <Typography.Title level={5}>This user action ({events.length} events)</Typography.Title>
      <ol className="analytics-related" aria-label="Events of this user action">
        {events.map((other) => {
          const role = other.id === event.id ? 'this event' : metaOf(other).causationId === event.id ? 'caused by this event' : metaOf(event).causationId === other.id ? 'caused this event' : null;
          return (
            <li key={other.position}>
              <Button type="link" size="small" disabled={other.position === event.position} onClick={() => onOpen(other)}>
                {other.position} · {other.type} · {other.streamId}
              </Button>
              {role && <Tag>{role}</Tag>}
            </li>
          );
        })}
      </ol>
    </>
  );
}

function EventDetail({ event, onStream, onOpen, onCorrelation }: { event: AnalyticsEvent; onStream: (streamId: string) => void; onOpen: (event: AnalyticsEvent) => void; onCorrelation: (id: string) => void }): ReactElement {
  const meta = metaOf(event);
  return (
    <>
      <Space wrap>
        <Tag color="blue">{event.type}</Tag>
        <Button type="link" onClick={() => onStream(event.streamId)}>{event.streamId}</Button>
        <span>revision {event.revision} · position {event.position}</span>
      </Space>
      <Typography.Paragraph copyable={{ text: meta.correlationId }}>
        Correlation: {meta.correlationId ? <Button type="link" size="small" onClick={() => onCorrelation(meta.correlationId!)}>{meta.correlationId}</Button> : '—'}
      </Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: meta.causationId }}>Caused by: {meta.causationId ?? '—'}</Typography.Paragraph>
      <RelatedEvents event={event} onOpen={onOpen} />
      <Typography.Title level={5}>Data</Typography.Title>
      <pre className="analytics-json">{JSON.stringify(event.data, null, 2)}</pre>
      <Typography.Title level={5}>Metadata</Typography.Title>
      <pre className="analytics-json">{JSON.stringify(event.metadata, null, 2)}</pre>
    </>
  );
}

interface FilterValues {
  category?: string;
  type?: string;
  stream?: string;
  from?: string;
  to?: string;
}

/** The same checks as the server's, said before the request. */
function validateFilters(values: FilterValues): Partial<Record<keyof FilterValues, string>> {
  const errors: Partial<Record<keyof FilterValues, string>> = {};
  if (values.type?.trim() && !/^[A-Z][A-Za-z0-9]*$/.test(values.type.trim())) errors.type = 'type must be an event type such as VideoRendered';
  if (values.stream?.trim() && !/^[A-Za-z][A-Za-z0-9_]*-\S+$/.test(values.stream.trim())) errors.stream = 'stream must be a stream id such as video-1f2e';
  for (const key of ['from', 'to'] as const) if (values[key]?.trim() && Number.isNaN(Date.parse(values[key]!))) errors[key] = `${key} must be a date such as 2026-11-24 or 2026-11-24T10:00`;
  return errors;
}

/** Today in the form the From / To fields take, so that their examples are a window an analyst would type. */
function todayInput(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Filters, a paged table of the log, a live tail, event details and a stream's history. */
export function EventExplorer(): ReactElement {
  const [today] = useState(todayInput);
  const [filter, setFilter] = useState<EventsFilter>({});
  const [cursors, setCursors] = useState<number[]>([0]);
  const after = cursors[cursors.length - 1];
  const page = useGetAnalyticsEventsQuery({ ...filter, after, limit: PAGE }, { refetchOnMountOrArgChange: true });
  const [live, setLive] = useState(false);
  const [paused, setPaused] = useState(false);
  const [liveEvents, setLiveEvents] = useState<AnalyticsEvent[]>([]);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const [selected, setSelected] = useState<AnalyticsEvent | null>(null);
  const [stream, setStream] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'ndjson' | 'csv' | null>(null);

  useEffect(() => {
    if (!live) return;
    setLiveEvents([]);
    const controller = new AbortController();
    void followLog(filter, (event) => {
      if (!pausedRef.current) setLiveEvents((events) => [event, ...events].slice(0, LIVE_KEEP));
    }, controller.signal);
    return () => controller.abort();
  }, [live, filter]);

  const apply = (values: FilterValues) => {
    const instant = (value?: string) => (value?.trim() ? new Date(value).toISOString() : undefined);
    setFilter({ category: values.category || undefined, type: values.type?.trim() || undefined, stream: values.stream?.trim() || undefined, from: instant(values.from), to: instant(values.to) });
    setCursors([0]);
  };
  const exportAs = async (format: 'ndjson' | 'csv') => {
    setExporting(format);
    try {
      await downloadExport(filter, format);
    } catch (error) {
      toast({ title: 'Export failed', description: error instanceof Error ? error.message : 'The server could not be reached', variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };
  const serverError = (page.error as { data?: { error?: string } } | undefined)?.data?.error;
  const rows = live ? liveEvents : page.data?.events ?? [];

  return (
    <div className="analytics-explorer">
      <Form<FilterValues>
        onSubmit={apply}
        validate={validateFilters}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} className="analytics-filters" aria-label="Filter events">
            <SelectField name="category" label="Category" size="middle" allowClear placeholder="Any" options={CATEGORIES.map((c) => ({ value: c, label: c }))} />
            <TextField name="type" label="Type" size="middle" placeholder="e.g. VideoRendered" />
            <TextField name="stream" label="Stream" size="middle" placeholder="e.g. video-1f2e…" />
            <TextField name="from" label="From" size="middle" placeholder={`${today}T00:00`} />
            <TextField name="to" label="To" size="middle" placeholder={`${today}T23:59`} />
            <Button type="primary" htmlType="submit">Apply</Button>
          </form>
        )}
      />
      <Space wrap className="analytics-toolbar">
        <Switch checked={live} onChange={setLive} checkedChildren="Live" unCheckedChildren="Live" aria-label="Live tail" />
        {live && <Button onClick={() => setPaused(!paused)}>{paused ? 'Resume' : 'Pause'}</Button>}
        <Button icon={<DownloadOutlined />} loading={exporting === 'ndjson'} onClick={() => void exportAs('ndjson')}>Export NDJSON</Button>
        <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => void exportAs('csv')}>Export CSV</Button>
        {!live && page.data && <Typography.Text type="secondary">Head position {page.data.headPosition}</Typography.Text>}
      </Space>
      {filter.correlation && (
        <Alert type="info" showIcon message={<>Showing one user action: <code>{filter.correlation}</code></>} action={<Button size="small" onClick={() => setFilter({})}>Show all</Button>} />
      )}
      {serverError && <Alert type="error" showIcon message={serverError} />}
      <Table<AnalyticsEvent>
        rowKey="position"
        size="small"
        loading={!live && page.isFetching}
        dataSource={rows}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: live ? 'Waiting for new events…' : 'No events match these filters' }}
        onRow={(event) => ({ onClick: () => setSelected(event), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'Position', dataIndex: 'position', width: 84 },
          // Room for the longest type (VideoProcessingEnded) on a phone too, where the stream gives way; a longer one is cut short, named whole in its title.
          { title: 'Type', dataIndex: 'type', width: 176, render: (type: string) => <Tag className="analytics-type" title={type}>{type}</Tag> },
          { title: 'Stream', dataIndex: 'streamId', ellipsis: true },
          { title: 'Recorded', dataIndex: 'recordedAt', render: (at: string) => new Date(at).toLocaleString(), responsive: ['md'] },
        ]}
      />
      {!live && (
        <Space className="analytics-pager">
          <Button disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>Previous</Button>
          <Button disabled={!page.data || page.data.events.length < PAGE} onClick={() => page.data && setCursors([...cursors, page.data.lastPosition])}>Next</Button>
        </Space>
      )}
      <Drawer open={selected !== null || stream !== null} onClose={() => { setSelected(null); setStream(null); }} size="large" title={stream ?? selected?.type}>
        <Tabs
          activeKey={stream ? 'stream' : 'event'}
          onChange={(key) => setStream(key === 'stream' ? selected?.streamId ?? stream : null)}
          items={[
            ...(selected ? [{
              key: 'event',
              label: 'Event',
              children: <EventDetail event={selected} onStream={setStream} onOpen={setSelected} onCorrelation={(correlation) => {
                setFilter({ correlation });
                setCursors([0]);
                setSelected(null);
              }} />,
            }] : []),
            ...(stream || selected ? [{ key: 'stream', label: 'Stream history', children: <StreamView streamId={stream ?? selected!.streamId} /> }] : []),
          ]}
        />
      </Drawer>
    </div>
  );
}
