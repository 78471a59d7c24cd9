import { useEffect, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button, Progress, Tag } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { BatchItemResponse, BatchResponse } from '@app/domain';
import { serverErrorOf } from '../../../lib/api';
import { reportSilently } from '../../../lib/report';
import { toast } from '../../../lib/toast';
import { BATCH_POLL_MS, useCancelBatchMutation, useListBatchesQuery } from '../api';

const STATUS_TAG: Record<BatchResponse['status'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'processing' },
  cancelled: { label: 'Cancelled', color: 'default' },
  done: { label: 'Done', color: 'green' },
};

const ITEM_STATUS: Record<BatchItemResponse['status'], string> = {
  queued: 'queued', rendering: 'rendering', done: 'done', failed: 'failed', overLimit: 'over the limit', cancelled: 'cancelled',
};

/** '2 of 5 done · 1 rendering · 2 queued · 1 over the limit': the counts that are not zero. */
export function batchCountsText(batch: BatchResponse): string {
  const c = batch.counts;
  const made = c.total - c.overLimit - c.cancelled;
  const parts = [`${c.done} of ${made} done`];
  if (c.rendering) parts.push(`${c.rendering} rendering`);
  if (c.queued) parts.push(`${c.queued} queued`);
  if (c.failed) parts.push(`${c.failed} failed`);
  if (c.overLimit) parts.push(`${c.overLimit} over the limit`);
  if (c.cancelled) parts.push(`${c.cancelled} cancelled`);
  return parts.join(' · ');
}

/**
 * The latest batch of a series on its card: counts, a bar, its items with their videos, and Cancel
 * while items are still queued. Polled every 5 s only while something is queued or rendering, and
 * not while the tab is hidden.
 */
export function BatchProgress({ seriesId, seriesName }: { seriesId: string; seriesName: string }): ReactElement | null {
  const [polling, setPolling] = useState(0);
  const { data } = useListBatchesQuery(seriesId, { pollingInterval: polling, skipPollingIfUnfocused: true });
  const [cancel, cancelling] = useCancelBatchMutation();
  const batch = data?.[0];
  const active = Boolean(batch && (batch.counts.queued > 0 || batch.counts.rendering > 0));
  useEffect(() => setPolling(active ? BATCH_POLL_MS : 0), [active]);
  if (!batch) return null;

  const c = batch.counts;
  const made = c.total - c.overLimit - c.cancelled;
  const percent = made > 0 ? Math.round(((c.done + c.failed) * 100) / made) : 100;
  const tag = STATUS_TAG[batch.status];

  const onCancel = async () => {
    try {
      await cancel({ seriesId, batchId: batch._id }).unwrap();
      toast({ title: 'Batch cancelled', description: c.rendering ? 'The video being made will finish; the queued ones will not be made.' : 'The queued videos will not be made.', variant: 'success' });
    } catch (error) {
      reportSilently('Failed to cancel the batch', error);
      toast({ title: 'Error', description: serverErrorOf(error) ?? 'Failed to cancel the batch', variant: 'destructive' });
    }
  };

  return (
    <section className="series-batch" aria-label={`Batch of ${seriesName}`} data-testid="series-batch">
      <div className="series-batch__head">
        <h4>Batch</h4>
        <Tag color={tag.color}>{tag.label}</Tag>
        {c.queued > 0 && (
          <Button size="small" danger icon={<StopOutlined />} loading={cancelling.isLoading} onClick={() => void onCancel()} aria-label={`Cancel the batch of ${seriesName}`}>
            Cancel
          </Button>
        )}
      </div>
      <Progress percent={percent} size="small" status={batch.status === 'running' ? 'active' : c.failed > 0 ? 'exception' : 'normal'} aria-label="Batch progress" />
      <p className="series-batch__counts">{batchCountsText(batch)}</p>
      <details>
        <summary>Items</summary>
        <ol className="series-batch__items">
          {batch.items.map((item) => (
            <li key={item.index}>
              {item.title ?? item.prompt} <span className="series-batch__item-status">({ITEM_STATUS[item.status]}{item.reason && item.status !== 'overLimit' ? `: ${item.reason}` : ''})</span>
              {item.videoId && item.status === 'done' && (
                <>
                  {' '}
                  <Link to={`/dashboard/view/${item.videoId}`}>Watch video</Link>
                </>
              )}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
