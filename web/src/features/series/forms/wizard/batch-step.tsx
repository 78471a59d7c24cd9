import { useMemo, useState, type ChangeEvent, type Dispatch, type ReactElement, type RefObject, type SetStateAction } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, Input, Radio } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { BATCH_MAX_ITEMS, CUSTOM_TOPIC, lineErrorText, parseBatch, type BatchParseResult, type PlanId } from '@app/domain';
import { paths } from '../../../../config/paths';
import { serverErrorOf } from '../../../../lib/api';
import { reportSilently } from '../../../../lib/report';
import { toast } from '../../../../lib/toast';
import { useCreateSeriesMutation, useListSeriesQuery, useQueueBatchMutation, type QueueBatchRequest } from '../../api';
import { planDefaults, seriesRequestOf, type WizardValues } from '../../lib/autopilot';
import { missingFieldsText, validateSeries } from '../../lib/validation';
import type { BatchDraft, BatchMode } from './batch-draft';

/** The choice of a new series made with the Series tab's settings. */
export const NEW_SERIES = 'new';

export interface BatchStepProps {
  /** The Series tab's values: a new series is made with them. */
  values: WizardValues;
  draft: BatchDraft;
  onDraft: Dispatch<SetStateAction<BatchDraft>>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  plan: PlanId | undefined;
  /** The new series' settings are missing: show the Series tab. */
  onEditSettings: () => void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The wizard's Batch tab (issue 18): many videos of one series from a list. Paste one topic or prompt a
 * line, or pick a CSV (`prompt,title?,publishAt?`); the preview checks each line with the server's own
 * rules (@app/domain parseBatch) and names every problem by its line before anything is sent.
 */
export function BatchStep({ values, draft, onDraft, headingRef, plan, onEditSettings }: BatchStepProps): ReactElement {
  const navigate = useNavigate();
  const { data: seriesList } = useListSeriesQuery();
  const [createSeries] = useCreateSeriesMutation();
  const [queueBatch] = useQueueBatchMutation();
  const { target, mode, lines, csv, schedule } = draft;
  const edit = (change: Partial<BatchDraft>) => onDraft((before) => ({ ...before, ...change }));
  const [sending, setSending] = useState(false);

  const series = seriesList ?? [];
  const chosen = target ?? series[0]?._id ?? NEW_SERIES;
  const text = mode === 'lines' ? lines : (csv?.text ?? '');
  const preview: BatchParseResult | null = useMemo(() => {
    if (!text.trim()) return null;
    return parseBatch(mode === 'lines' ? { lines: text } : { csv: text }, new Date().toISOString());
  }, [mode, text]);
  const errors = preview?.errors ?? [];
  const items = preview?.items ?? [];
  const ready = preview !== null && errors.length === 0 && items.length > 0;

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return edit({ csv: null });
    edit({ csv: { name: file.name, text: await file.text() } });
  };

  /** The series to add to: the chosen one, or a new one made with the Series tab's settings. */
  const seriesId = async (): Promise<string | null> => {
    if (chosen !== NEW_SERIES) return chosen;
    const missing = validateSeries(values);
    if (Object.keys(missing).length > 0) {
      toast({ title: 'Missing Required Fields', description: `Please fill in: ${missingFieldsText(missing)}`, variant: 'destructive' });
      onEditSettings();
      return null;
    }
    const body = seriesRequestOf(values);
    // Without autopilot the new series posts nowhere on its own; its schedule is the plan's default.
    const created = await createSeries(values.autopilot ? body : { ...body, platforms: [], schedule: planDefaults(plan ?? 'FREE', body.schedule.timeZone) }).unwrap();
    return created.seriesId;
  };

  const submit = async () => {
    if (!ready) return;
    setSending(true);
    try {
      const id = await seriesId();
      if (!id) return;
      const body: QueueBatchRequest = mode === 'lines' ? { lines, schedule } : { csv: csv!.text, schedule };
      const answer = await queueBatch({ seriesId: id, body }).unwrap();
      const { queued, overLimit } = answer.counts;
      toast({
        title: 'Batch queued',
        description: `${plural(queued, 'video')} will be made one at a time.${overLimit > 0 ? ` ${plural(overLimit, 'item is', 'items are')} over your monthly video limit and won't be made.` : ''}`,
        variant: overLimit > 0 && queued === 0 ? 'destructive' : 'success',
      });
      navigate(paths.dashboard.root.getHref());
    } catch (error) {
      reportSilently('Failed to queue the batch', error);
      toast({ title: 'Error', description: serverErrorOf(error) ?? 'Failed to queue the batch', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="wizard__step batch" aria-labelledby="batch-step-title">
      <h2 id="batch-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
        Batch
      </h2>
      <p className="batch__intro">
        Turn a list of up to {BATCH_MAX_ITEMS} topics or prompts into videos of one series. Each gets its own script; they are made one at a time and count
        against your monthly video limit.
      </p>
      <div className="batch__field">
        <label htmlFor="batch-series">Add the videos to</label>
        <select id="batch-series" className="batch__select" value={chosen} onChange={(e) => edit({ target: e.target.value })}>
          {series.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name}
            </option>
          ))}
          <option value={NEW_SERIES}>A new series (Series tab settings)</option>
        </select>
      </div>
      <Radio.Group className="batch__mode" value={mode} onChange={(e) => edit({ mode: e.target.value as BatchMode })} optionType="button" aria-label="How to give the list">
        <Radio.Button value="lines">Paste lines</Radio.Button>
        <Radio.Button value="csv">CSV file</Radio.Button>
      </Radio.Group>
      {mode === 'lines' ? (
        <div className="batch__field">
          <label htmlFor="batch-lines">Topics or prompts, one a line</label>
          <Input.TextArea
            id="batch-lines"
            rows={8}
            value={lines}
            onChange={(e) => edit({ lines: e.target.value })}
            placeholder={'Why owls hoot at night\nThe history of chocolate\nFun Facts'}
          />
        </div>
      ) : (
        <div className="batch__field">
          <label htmlFor="batch-csv">Choose a CSV file</label>
          <input id="batch-csv" type="file" accept=".csv,text/csv" onChange={(e) => void pickFile(e)} />
          <p className="batch__hint">
            First line: <code>prompt,title,publishAt</code> (title and publishAt are optional; publishAt in ISO 8601 with its time zone, like 2026-12-01T18:00:00Z).
            {csv ? ` ${csv.name}` : ''}
          </p>
        </div>
      )}
      <Checkbox checked={schedule} onChange={(e) => edit({ schedule: e.target.checked })}>
        Post each video at the series&apos; next free posting slots
      </Checkbox>

      {preview && (
        <div className="batch-preview" aria-live="polite">
          <p className="batch-preview__summary">
            {plural(items.length, 'video')} ready{errors.length > 0 ? `, ${plural(errors.length, 'problem')} to fix` : ''}
          </p>
          {errors.length > 0 && (
            <ul className="batch-preview__errors" aria-label="Problems">
              {errors.map((error) => (
                <li key={`${error.line}-${error.message}`}>{lineErrorText(error)}</li>
              ))}
            </ul>
          )}
          {items.length > 0 && (
            <ol className="batch-preview__items" aria-label="Videos to make">
              {items.map((item) => (
                <li key={item.line}>
                  <span className="batch-preview__line">Line {item.line}</span>
                  <span className="batch-preview__prompt">{item.topic === CUSTOM_TOPIC ? item.customPrompt : `Topic: ${item.topic}`}</span>
                  {item.title && <span className="batch-preview__title">Title: {item.title}</span>}
                  {item.publishAt && <span className="batch-preview__when">Posts {when(item.publishAt)}</span>}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      <div className="wizard__actions">
        <Button type="primary" htmlType="button" icon={<UnorderedListOutlined />} disabled={!ready} loading={sending} onClick={() => void submit()}>
          {ready ? `Queue ${plural(items.length, 'video')}` : 'Queue videos'}
        </Button>
      </div>
    </section>
  );
}
