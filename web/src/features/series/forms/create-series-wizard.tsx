import { useEffect, useRef, useState, type ReactElement } from 'react';
import '../components/series.css';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { Button, Steps, Switch } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, ScheduleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useField } from 'react-final-form';
import {
  ART_STYLES,
  ASPECT_RATIOS,
  CUSTOM_TOPIC,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_DURATION,
  DURATIONS,
  LANGUAGES,
  TOPICS,
  VOICES,
  durationSeconds,
  type SeriesResponse,
  type ServiceStatus,
} from '@app/domain';
import { SelectField, TextAreaField } from '../../../components/form';
import { serverErrorOf, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  GENERATION_CACHE_KEY,
  useCreateSeriesMutation,
  useGenerateVideoMutation,
  useGetPostingPlanQuery,
  useLazyGetServiceStatusQuery,
  useUpdateSeriesMutation,
} from '../api';
import {
  browserTimeZone,
  formatNextPost,
  postsPerWeekOf,
  seriesRequestOf,
  validateAutopilot,
  valuesOfSeries,
  type WizardValues,
} from '../lib/autopilot';
import { seriesErrorToast } from '../lib/series-errors';
import { AutopilotFields } from '../components/autopilot-fields';
import {
  canLeaveTopicStep,
  fieldRecheckToast,
  missingFieldsText,
  unavailableServices,
  validateSeries,
  type SeriesValues,
} from '../lib/validation';
import { generationErrorToast } from '../lib/generation-errors';
import { reportSilently } from '../../../lib/report';
import { ChoiceGroup } from '../components/choice-group';
import { VoicePreviewButton } from '../components/voice-preview-button';

/** The 'Missing Required Fields' toast shows for 5 s; the handler's per-field toast follows it. */
export const MISSING_FIELDS_MS = 5000;

export const INITIAL_SERIES_VALUES: SeriesValues = {
  topic: '',
  customPrompt: '',
  narrationVoice: undefined,
  artStyle: undefined,
  aspectRatio: DEFAULT_ASPECT_RATIO,
  language: 'English',
  duration: DEFAULT_DURATION,
};

const topicChoices = TOPICS.map((t) => ({ value: t.label, label: t.label, description: t.description }));
const voiceChoices = VOICES.map((v) => ({
  value: v.id,
  label: v.name,
  description: v.description,
  extra: <VoicePreviewButton name={v.name} url={v.previewUrl} />,
}));
const styleChoices = ART_STYLES.map((s) => ({
  value: s.id,
  label: s.label,
  media: <img className="style-thumb" src={`/api/art-styles/${s.id}/preview`} alt={`${s.label} art style example`} loading="lazy" width={120} height={120} />,
}));
const ratioChoices = ASPECT_RATIOS.map((a) => ({ value: a.id, label: a.label, media: <span className={`ratio-box ratio-box--${a.id.replace(':', 'x')}`} aria-hidden /> }));
const languageOptions = LANGUAGES.map((l) => ({ value: l.id, label: l.label }));
const durationOptions = DURATIONS.map((d) => ({ value: d.id, label: d.label }));

function errorToast(title: string, description?: string) {
  toast({ title, description, variant: 'destructive' });
}

/** The "Post automatically on a schedule" switch, bound to the `autopilot` field. */
function AutopilotSwitch({ onToggle }: { onToggle: (on: boolean) => void }): ReactElement {
  const { input } = useField<boolean>('autopilot', { type: 'checkbox' });
  return (
    <div className="autopilot__toggle">
      <Switch
        id="field-autopilot"
        checked={Boolean(input.checked)}
        onChange={(on) => {
          input.onChange(on);
          onToggle(on);
        }}
        aria-describedby="field-autopilot-help"
      />
      <span className="autopilot__toggle-text">
        <label htmlFor="field-autopilot" className="autopilot__toggle-label">
          Post automatically on a schedule
        </label>
        <span id="field-autopilot-help" className="autopilot__toggle-help">
          Autopilot makes a new video with these settings at every posting time and posts it to your channels.
        </span>
      </span>
    </div>
  );
}

/**
 * Create A Series: step 1 the topic, step 2 the settings; submit = validate, service check, create.
 *
 * Autopilot (issue 9): step 2 ends with a switch "Post automatically on a schedule", off by default.
 *  - Off: the spec's submit, unchanged: validate, service check, POST /api/generate-video, open
 *    /dashboard/view/:id.
 *  - On: the same settings plus name, platforms, time zone, days and times (defaulting to the plan's
 *    frequency); the submit validates both parts and POSTs /api/series, then returns to /dashboard,
 *    where the series shows its first post time. POST /api/series makes no video by itself (the
 *    first one is made at the first slot), and we deliberately do not also call generate-video: on
 *    Free that would spend the plan's single video before the series' first post, and a video made
 *    by hand could collide with the slot ('Video is still processing'). No service check either:
 *    nothing renders until the first slot.
 * With `series`, the same form edits that series (PATCH /api/series/:id); the switch is not shown.
 */
export function CreateSeriesWizard({
  initialValues = INITIAL_SERIES_VALUES,
  series,
}: {
  initialValues?: SeriesValues;
  /** Edit this series instead of creating one. */
  series?: SeriesResponse;
}): ReactElement {
  const navigate = useNavigate();
  /** A failure toast, with the Upgrade action when the server's answer calls for it (spec section 8). */
  const showFailure = (mapped: { title: string; description?: string; upgrade?: boolean }) => {
    toast({
      title: mapped.title,
      description: mapped.description,
      variant: 'destructive',
      action: mapped.upgrade ? (
        <Button size="small" type="primary" onClick={() => navigate('/dashboard/billing')}>
          Upgrade
        </Button>
      ) : undefined,
    });
  };
  const [step, setStep] = useState<0 | 1>(0);
  const [checkServices] = useLazyGetServiceStatusQuery();
  const [generateVideo] = useGenerateVideoMutation({ fixedCacheKey: GENERATION_CACHE_KEY });
  const [createSeries] = useCreateSeriesMutation();
  const [updateSeries] = useUpdateSeriesMutation();
  // The plan is read only once autopilot is wanted: the one-video path makes no extra call.
  const [planWanted, setPlanWanted] = useState(Boolean(series));
  const { data: plan } = useGetPostingPlanQuery(undefined, { skip: !planWanted });
  const [formValues] = useState<WizardValues>(() =>
    series ? valuesOfSeries(series) : { ...initialValues, autopilot: false, name: '', platforms: [], timeZone: browserTimeZone(), days: [], times: [] },
  );
  const followUp = useRef<ReturnType<typeof setTimeout> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => {
    if (followUp.current) clearTimeout(followUp.current);
  }, []);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const onAutopilotSubmit = async (values: WizardValues) => {
    const errors = validateAutopilot(values, plan ? postsPerWeekOf(plan) : Number.POSITIVE_INFINITY);
    const first = Object.values(errors)[0];
    if (first) {
      errorToast('Check your autopilot schedule', first);
      return errors;
    }
    const body = seriesRequestOf(values);
    try {
      if (series) {
        await updateSeries({ id: series._id, changes: body }).unwrap();
        toast({ title: 'Series updated', description: `“${body.name ?? series.name}” will post with the new settings.`, variant: 'success' });
      } else {
        const answer = await createSeries(body).unwrap();
        toast({
          title: 'Series created',
          description: answer.nextPostAt ? `First post: ${formatNextPost(answer.nextPostAt, body.schedule.timeZone)}` : 'Autopilot is on.',
          variant: 'success',
        });
      }
      navigate('/dashboard');
    } catch (error) {
      showFailure(seriesErrorToast(serverErrorOf(error), series ? 'Failed to update series' : 'Failed to create series'));
    }
    return undefined;
  };

  const onSubmit = async (values: WizardValues) => {
    if (followUp.current) clearTimeout(followUp.current);
    // 1. Validation with the shared schema.
    const errors = validateSeries(values);
    if (Object.keys(errors).length > 0) {
      toast({ title: 'Missing Required Fields', description: `Please fill in: ${missingFieldsText(errors)}`, variant: 'destructive', duration: MISSING_FIELDS_MS });
      const recheck = fieldRecheckToast(values);
      if (recheck) followUp.current = setTimeout(() => errorToast(recheck), MISSING_FIELDS_MS);
      return errors;
    }
    const recheck = fieldRecheckToast(values);
    if (recheck) {
      errorToast(recheck);
      return undefined;
    }
    if (series || values.autopilot) return onAutopilotSubmit(values);

    // 2. Service availability.
    let services: ServiceStatus;
    try {
      services = await checkServices(undefined, false).unwrap();
    } catch (error) {
      const body = isApiError(error) ? (error.data as Partial<ServiceStatus> | undefined) : undefined;
      if (body && body.isReady === false && body.services) {
        services = body as ServiceStatus;
      } else {
        reportSilently('Service check failed', error);
        errorToast('Service Unavailable', 'Our service is currently at capacity. Please try again in a few minutes.');
        return undefined;
      }
    }
    if (!services.isReady) {
      const error = new Error(`Some required services are unavailable: ${unavailableServices(services.services).join(', ')}`);
      reportSilently(error.message);
      errorToast('Generation Failed', error.message);
      return undefined;
    }

    // 3. Creation.
    try {
      const answer = await generateVideo({
        topic: values.topic!,
        duration: durationSeconds(values.duration!),
        customPrompt: values.topic === CUSTOM_TOPIC ? values.customPrompt!.trim() : '',
        style: values.artStyle!,
        voiceid: values.narrationVoice!,
        aspectRatio: values.aspectRatio!,
        language: values.language!,
      }).unwrap();
      navigate(`/dashboard/view/${answer.videoId}`);
    } catch (error) {
      showFailure(generationErrorToast(serverErrorOf(error)));
    }
    return undefined;
  };

  return (
    <Form<WizardValues>
      initialValues={formValues}
      onSubmit={onSubmit}
      render={({ handleSubmit, values, submitting }) => (
        <form onSubmit={handleSubmit} className="wizard" noValidate aria-label={series ? 'Edit Series' : 'Create A Series'}>
          <Steps
            className="wizard__steps"
            current={step}
            size="small"
            items={[{ title: 'Content' }, { title: 'Series settings' }]}
          />
          {step === 0 ? (
            <section className="wizard__step" aria-labelledby="wizard-step-title">
              <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
                Choose your content
              </h2>
              <ChoiceGroup name="topic" legend="Topic" choices={topicChoices} className="choice-group--topics" />
              {values.topic === CUSTOM_TOPIC && (
                <TextAreaField
                  name="customPrompt"
                  label="Custom topic"
                  placeholder="Describe what your videos should be about"
                  maxLength={1000}
                  showCount
                  rows={3}
                />
              )}
              <div className="wizard__actions">
                <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard')}>
                  Back
                </Button>
                <Button type="primary" disabled={!canLeaveTopicStep(values)} onClick={() => setStep(1)}>
                  Next <ArrowRightOutlined />
                </Button>
              </div>
            </section>
          ) : (
            <section className="wizard__step" aria-labelledby="wizard-step-title">
              <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
                Series settings
              </h2>
              <ChoiceGroup name="narrationVoice" legend="Narrator" choices={voiceChoices} scroll={200} className="choice-group--voices" />
              <ChoiceGroup name="artStyle" legend="Art style" choices={styleChoices} className="choice-group--styles" />
              <ChoiceGroup name="aspectRatio" legend="Aspect ratio" choices={ratioChoices} className="choice-group--ratios" />
              <div className="wizard__row">
                <SelectField name="language" label="Language" options={languageOptions} />
                <SelectField name="duration" label="Duration" options={durationOptions} />
              </div>
              <section className={`autopilot${series || values.autopilot ? ' is-on' : ''}`} aria-labelledby="autopilot-title">
                <h3 id="autopilot-title" className="autopilot__title">
                  <ScheduleOutlined aria-hidden /> {series ? 'Autopilot schedule' : 'Set up autopilot'}
                  {!series && <span className="autopilot__optional">Optional</span>}
                </h3>
                {!series && <AutopilotSwitch onToggle={(on) => on && setPlanWanted(true)} />}
                {(series || values.autopilot) && <AutopilotFields plan={plan} keepSchedule={Boolean(series)} />}
              </section>
              <div className="wizard__actions">
                <Button icon={<ArrowLeftOutlined />} onClick={() => setStep(0)} disabled={submitting}>
                  Back
                </Button>
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={submitting}
                  icon={series ? <CheckOutlined /> : values.autopilot ? <ScheduleOutlined /> : <ThunderboltOutlined />}
                >
                  {series ? 'Save Changes' : values.autopilot ? 'Start Autopilot' : 'Create Series'}
                </Button>
              </div>
            </section>
          )}
        </form>
      )}
    />
  );
}
