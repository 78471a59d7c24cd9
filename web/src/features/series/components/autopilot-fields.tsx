import { useEffect, useId, useMemo, useRef, type ReactElement } from 'react';
import { useField, useForm } from 'react-final-form';
import { Link } from 'react-router-dom';
import { Button, Input } from 'antd';
import { CheckCircleFilled, DeleteOutlined, PlusOutlined, WarningFilled } from '@ant-design/icons';
import { DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC, catalog, type CaptionStyle, type MusicSettings, type PlanId, type Platform } from '@app/domain';
import { CaptionSettings, MusicFields } from '../../../components/ui/look-and-sound';
import { SelectField, TextField, fieldError } from '../../../components/form';
import { useGetLinkStatusQuery, type LinkStatus } from '../api';
import {
  PLATFORM_LABELS,
  PLATFORM_ORDER,
  WEEK_DAYS,
  frequencyText,
  planDefaults,
  postsPerWeekOf,
  scheduleSummary,
  timeZoneOptions,
} from '../lib/autopilot';
import { paths } from '../../../config/paths';

const CAPTION_PRESETS_WITH_PREVIEWS = catalog().captionPresets;

function linkName(platform: Platform, link: LinkStatus | undefined): string | undefined {
  if (!link?.connected) return undefined;
  if (platform === 'youtube') return link.channelName;
  return link.username ? `@${link.username.replace(/^@/, '')}` : undefined;
}

function PlatformChoice({ platform }: { platform: Platform }): ReactElement {
  const { input } = useField<Platform[]>('platforms');
  const { data, isLoading, isError } = useGetLinkStatusQuery(platform);
  const selected: Platform[] = Array.isArray(input.value) ? input.value : [];
  const checked = selected.includes(platform);
  const id = `autopilot-platform-${platform}`;
  const statusId = `${id}-status`;
  const name = linkName(platform, data);
  const toggle = () => input.onChange(checked ? selected.filter((p) => p !== platform) : [...selected, platform]);
  return (
    <div className={`choice autopilot-platform${checked ? ' is-checked' : ''}`} data-testid={`autopilot-${platform}`}>
      <input type="checkbox" className="choice__input" id={id} checked={checked} onChange={toggle} aria-describedby={statusId} />
      <label htmlFor={id} className="choice__label autopilot-platform__label">
        <span className="choice__title">{PLATFORM_LABELS[platform]}</span>
      </label>
      <span id={statusId} className="autopilot-platform__status">
        {isLoading ? (
          'Checking…'
        ) : data?.connected ? (
          <span className="autopilot-platform__ok">
            <CheckCircleFilled aria-hidden /> Connected{name ? ` as ${name}` : ''}
          </span>
        ) : (
          <span className="autopilot-platform__missing">
            <WarningFilled aria-hidden /> {isError ? 'Status unavailable' : 'Not connected'}
            {' · '}
            <Link to={paths.dashboard.account.getHref()}>Connect in Account</Link>
          </span>
        )}
      </span>
    </div>
  );
}

function DaysField(props: { onEdit: () => void }): ReactElement {
  const { input, meta } = useField<number[]>('days');
  const error = fieldError(meta);
  const days: number[] = Array.isArray(input.value) ? input.value : [];
  return (
    <fieldset className="autopilot-days" aria-describedby={error ? 'autopilot-days-error' : undefined}>
      <legend className="choice-group__legend">Posting days</legend>
      <div className="autopilot-days__items">
        {WEEK_DAYS.map((d) => {
          const checked = days.includes(d.value);
          const id = `autopilot-day-${d.value}`;
          return (
            <span key={d.value} className={`autopilot-day${checked ? ' is-checked' : ''}`}>
              <input
                type="checkbox"
                id={id}
                className="choice__input"
                checked={checked}
                onChange={() => {
                  props.onEdit();
                  input.onChange(checked ? days.filter((x) => x !== d.value) : [...days, d.value].sort((a, b) => a - b));
                }}
              />
              <label htmlFor={id}>
                <span aria-hidden>{d.short}</span>
                <span className="sr-only">{d.long}</span>
              </label>
            </span>
          );
        })}
      </div>
      <div id="autopilot-days-error" className="ff-field__error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </fieldset>
  );
}

function TimesField(props: { onEdit: () => void }): ReactElement {
  const { input, meta } = useField<string[]>('times');
  const error = fieldError(meta);
  const times: string[] = Array.isArray(input.value) ? input.value : [];
  const set = (next: string[]) => {
    props.onEdit();
    input.onChange(next);
  };
  return (
    <fieldset className="autopilot-times" aria-describedby={error ? 'autopilot-times-error' : undefined}>
      <legend className="choice-group__legend">Posting times</legend>
      <div className="autopilot-times__items">
        {times.map((time, i) => (
          <span key={i} className="autopilot-time">
            <Input
              type="time"
              aria-label={`Posting time ${i + 1}`}
              value={time}
              step={300}
              onChange={(e) => set(times.map((t, j) => (j === i ? e.target.value : t)))}
            />
            {times.length > 1 && (
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`Remove posting time ${time || i + 1}`}
                onClick={() => set(times.filter((_, j) => j !== i))}
              />
            )}
          </span>
        ))}
        {times.length < 4 && (
          <Button icon={<PlusOutlined />} onClick={() => set([...times, times.includes('12:00') ? '21:00' : '12:00'])}>
            Add a time
          </Button>
        )}
      </div>
      <div id="autopilot-times-error" className="ff-field__error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </fieldset>
  );
}

/**
 * "Set up autopilot": name, target platforms (with their link status), time zone, posting days and
 * times. `plan` sets the default schedule (its posting frequency) until the user edits days or times.
 */
export function AutopilotFields({ plan, keepSchedule }: { plan: PlanId | undefined; keepSchedule?: boolean }): ReactElement {
  const form = useForm();
  const { input: timeZone } = useField<string>('timeZone', { subscription: { value: true } });
  const { input: days } = useField<number[]>('days', { subscription: { value: true } });
  const { input: times } = useField<string[]>('times', { subscription: { value: true } });
  const edited = useRef(Boolean(keepSchedule));
  const markEdited = () => {
    edited.current = true;
  };

  // The plan's frequency is the default schedule: applied when the plan is known, unless edited.
  useEffect(() => {
    if (!plan || edited.current) return;
    const defaults = planDefaults(plan, form.getState().values.timeZone || 'UTC');
    form.batch(() => {
      form.change('days', defaults.days);
      form.change('times', defaults.times);
    });
  }, [plan, form]);

  const zones = useMemo(() => timeZoneOptions(timeZone.value).map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), [timeZone.value]);
  const dayList: number[] = Array.isArray(days.value) ? days.value : [];
  const timeList: string[] = Array.isArray(times.value) ? times.value : [];
  const perWeek = new Set(dayList).size * new Set(timeList.filter(Boolean)).size;
  const platformsLegend = useId();

  return (
    <div className="autopilot__fields">
      <TextField name="name" label="Series name" placeholder="e.g. Owls at night (defaults to the topic)" maxLength={100} />
      <fieldset className="choice-group" aria-labelledby={platformsLegend}>
        <legend id={platformsLegend} className="choice-group__legend">
          Post to
        </legend>
        <div className="choice-group__items autopilot-platforms">
          {PLATFORM_ORDER.map((p) => (
            <PlatformChoice key={p} platform={p} />
          ))}
        </div>
        <PlatformsError />
      </fieldset>
      <SelectField name="timeZone" label="Time zone" options={zones} showSearch help="Posts go out at these times in this time zone." />
      <div className="autopilot__schedule">
        <DaysField onEdit={markEdited} />
        <TimesField onEdit={markEdited} />
      </div>
      <p className="autopilot__summary" aria-live="polite">
        {dayList.length > 0 && timeList.length > 0 ? (
          <>
            <strong>{scheduleSummary(dayList, timeList.filter(Boolean))}</strong> · {perWeek} {perWeek === 1 ? 'post' : 'posts'} a week.{' '}
          </>
        ) : null}
        {plan ? (
          <>
            <span>{frequencyText(plan)}</span> {postsPerWeekOf(plan) < 14 && <Link to={paths.dashboard.billing.getHref()}>Upgrade to post more often.</Link>}
          </>
        ) : null}
      </p>
      <SeriesLookAndSound />
    </div>
  );
}

/** The look of the series' captions and its music: every video autopilot makes of it starts with them. */
function SeriesLookAndSound(): ReactElement {
  const { input: captions } = useField<CaptionStyle | undefined>('captions', { subscription: { value: true } });
  const { input: music } = useField<MusicSettings | undefined>('music', { subscription: { value: true } });
  return (
    <details className="autopilot__look">
      <summary>Captions and music of this series' videos</summary>
      <div className="st-settings">
        <CaptionSettings captions={captions.value || DEFAULT_CAPTION_STYLE} presets={CAPTION_PRESETS_WITH_PREVIEWS} disabled={false} onChange={(value) => captions.onChange(value)} />
        <MusicFields music={music.value || DEFAULT_MUSIC} disabled={false} onChange={(value) => music.onChange(value)} />
      </div>
    </details>
  );
}

function PlatformsError(): ReactElement {
  const { meta } = useField('platforms', { subscription: { error: true, submitError: true, touched: true, submitFailed: true, dirtySinceLastSubmit: true } });
  const error = fieldError(meta);
  return (
    <div className="ff-field__error" role={error ? 'alert' : undefined}>
      {error}
    </div>
  );
}
