import { useEffect, useRef, useState, type ReactElement } from 'react';
import '../components/series.css';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { Button, Steps } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, ThunderboltOutlined } from '@ant-design/icons';
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
  type ServiceStatus,
} from '@app/domain';
import { SelectField, TextAreaField } from '../../../components/form';
import { serverErrorOf, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { GENERATION_CACHE_KEY, useGenerateVideoMutation, useLazyGetServiceStatusQuery } from '../api';
import {
  canLeaveTopicStep,
  fieldRecheckToast,
  missingFieldsText,
  unavailableServices,
  validateSeries,
  type SeriesValues,
} from '../lib/validation';
import { generationErrorToast } from '../lib/generation-errors';
import { reportSilently } from '../lib/report';
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

/** Create A Series: step 1 the topic, step 2 the settings; submit = validate, service check, create. */
export function CreateSeriesWizard({ initialValues = INITIAL_SERIES_VALUES }: { initialValues?: SeriesValues }): ReactElement {
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1>(0);
  const [checkServices] = useLazyGetServiceStatusQuery();
  const [generateVideo] = useGenerateVideoMutation({ fixedCacheKey: GENERATION_CACHE_KEY });
  const followUp = useRef<ReturnType<typeof setTimeout> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => {
    if (followUp.current) clearTimeout(followUp.current);
  }, []);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const onSubmit = async (values: SeriesValues) => {
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
      const mapped = generationErrorToast(serverErrorOf(error));
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
    }
    return undefined;
  };

  return (
    <Form<SeriesValues>
      initialValues={initialValues}
      onSubmit={onSubmit}
      render={({ handleSubmit, values, submitting }) => (
        <form onSubmit={handleSubmit} className="wizard" noValidate aria-label="Create A Series">
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
              <div className="wizard__actions">
                <Button icon={<ArrowLeftOutlined />} onClick={() => setStep(0)} disabled={submitting}>
                  Back
                </Button>
                <Button type="primary" htmlType="submit" loading={submitting} icon={<ThunderboltOutlined />}>
                  Create Series
                </Button>
              </div>
            </section>
          )}
        </form>
      )}
    />
  );
}
