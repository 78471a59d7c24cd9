import { Suspense, useEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import '../components/series.css';
import { Form } from 'react-final-form';
import { Steps } from 'antd';
import { DEFAULT_ASPECT_RATIO, DEFAULT_DURATION, type SeriesResponse } from '@app/domain';
import { useGetPostingPlanQuery } from '../api';
import { browserTimeZone, valuesOfSeries, type WizardValues } from '../lib/autopilot';
import type { SeriesValues } from '../lib/series-form';
import { ContentStep } from './wizard/content-step';
import { AutopilotFields, SettingsStep } from './wizard/settings-step';
import { useOwnMediaPicker } from '../../../components/ui/own-media-picker';
import { lazyComponent } from '../../../lib/lazy-component';
import { Tabs } from '../../../components/ui/tabs';
import { RevealFirstError } from '../../../components/form';
import { EMPTY_BATCH_DRAFT, type BatchDraft } from './wizard/batch-draft';
import { useHydrated } from '../../../lib/client-value';
import { loadValidation, useWizardSubmit } from './wizard/use-wizard-submit';

// The optional media step and the Batch tab in chunks of their own (the media list, antd's radios,
// checkboxes and text areas): fetched as soon as a topic is chosen (Next is possible from then
// on), with the schema the submit checks the form with, or when the Batch tab is pointed at or opened.
const MediaStep = lazyComponent(() => import('./wizard/media-step').then((module) => module.MediaStep));
const BatchStep = lazyComponent(() => import('./wizard/batch-step').then((module) => module.BatchStep));

/**
 * The steps' progress: in a row, or in a column on a phone (antd's `responsive` steps, under 576 px).
 * Rendered at build time (the page's prerendered HTML) the width is unknown: both are there, and
 * the stylesheet shows the one that fits (the app draws the same while it takes that HTML over).
 */
function WizardSteps({ current, items }: { current: number; items: Array<{ title: string }> }): ReactElement {
  if (useHydrated()) return <Steps className="wizard__steps" current={current} size="small" items={items} />;
  return (
    <>
      <Steps className="wizard__steps wizard__steps--row" current={current} size="small" items={items} responsive={false} orientation="horizontal" />
      <Steps className="wizard__steps wizard__steps--column" current={current} size="small" items={items} responsive={false} orientation="vertical" />
    </>
  );
}

/** Where a step shows while its chunk arrives. */
function StepLoading(): ReactElement {
  return (
    <div className="wizard__step" aria-busy="true" aria-label="Loading">
      <div className="skel skel--block" style={{ height: 240 }} />
    </div>
  );
}

/** Moves the focus to the step's heading once the step is shown (its chunk in). */
function FocusHeading({ target }: { target: RefObject<HTMLHeadingElement | null> }): null {
  useEffect(() => {
    target.current?.focus();
  }, [target]);
  return null;
}

export { MISSING_FIELDS_MS } from './wizard/use-wizard-submit';

export const INITIAL_SERIES_VALUES: SeriesValues = {
  topic: '',
  customPrompt: '',
  narrationVoice: undefined,
  artStyle: undefined,
  aspectRatio: DEFAULT_ASPECT_RATIO,
  language: 'English',
  duration: DEFAULT_DURATION,
};

/**
 * Create A Series: step 1 the topic, step 2 the creator's own media (optional, not when editing a series), step 3 the settings;
 * submit = validate, service check, create.
 * Step 2 ends with an optional autopilot ("Post automatically on a schedule"): off, the spec's
 * one-video submit; on, a series with its schedule (the flows: wizard/use-wizard-submit). With
 * `series`, the same form edits that series.
 */
export function CreateSeriesWizard({ initialValues = INITIAL_SERIES_VALUES, series }: { initialValues?: SeriesValues; series?: SeriesResponse }): ReactElement {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  // "Use my own media" is a step where the page provides the library's picker, and not when editing a series.
  const withMedia = !series && Boolean(useOwnMediaPicker());
  /** Creating: one series (the two steps) or a batch of videos from a list (issue 18). */
  const [tab, setTab] = useState<'series' | 'batch'>('series');
  const [batchDraft, setBatchDraft] = useState<BatchDraft>(EMPTY_BATCH_DRAFT);
  // The plan is read only once autopilot is wanted: the one-video path makes no extra call.
  const [planWanted, setPlanWanted] = useState(Boolean(series));
  const { data: plan } = useGetPostingPlanQuery(undefined, { skip: !planWanted });
  const onSubmit = useWizardSubmit({ series, plan });
  const [formValues] = useState<WizardValues>(() =>
    series ? valuesOfSeries(series) : { ...initialValues, autopilot: false, name: '', platforms: [], timeZone: browserTimeZone(), days: [], times: [] },
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Editing a series shows its schedule on the last step: its fields' chunk comes at once.
  useEffect(() => {
    if (series) void AutopilotFields.preload();
  }, [series]);

  return (
    <Form<WizardValues>
      initialValues={formValues}
      onSubmit={onSubmit}
      render={({ handleSubmit, values, submitting }) => {
        // The next steps' chunks, once Next is possible (a topic chosen); fetched once, however often this renders.
        if (values.topic) {
          void loadValidation();
          if (withMedia) void MediaStep.preload();
        }
        const steps = (
          <>
            <WizardSteps current={withMedia ? step : Math.min(step, 1)}
              items={withMedia ? [{ title: 'Content' }, { title: 'Your media' }, { title: 'Series settings' }] : [{ title: 'Content' }, { title: 'Series settings' }]} />
            <Suspense fallback={<StepLoading />}>
              {step === 0 ? (
                <ContentStep values={values} headingRef={headingRef} onNext={() => setStep(withMedia ? 1 : 2)} />
              ) : step === 1 ? (
                <MediaStep headingRef={headingRef} onBack={() => setStep(0)} onNext={() => setStep(2)} />
              ) : (
                <SettingsStep
                  values={values}
                  headingRef={headingRef}
                  editing={Boolean(series)}
                  plan={plan}
                  submitting={Boolean(submitting)}
                  onBack={() => setStep(withMedia ? 1 : 0)}
                  onAutopilot={() => setPlanWanted(true)}
                />
              )}
              <FocusHeading key={`${tab}-${step}`} target={headingRef} />
            </Suspense>
          </>
        );
        return (
          <form ref={formRef} onSubmit={handleSubmit} className="wizard" noValidate aria-label={series ? 'Edit Series' : 'Create A Series'}>
            <RevealFirstError within={formRef} />
            {series ? (
              steps
            ) : (
              <Tabs
                className="wizard__tabs"
                destroyInactive
                activeKey={tab}
                onChange={(key) => {
                  setTab(key as 'series' | 'batch');
                  if (key === 'batch') setPlanWanted(true);
                }}
                items={[
                  { key: 'series', label: 'Series', children: steps },
                  {
                    key: 'batch',
                    label: <span onPointerEnter={() => void BatchStep.preload()}>Batch</span>,
                    children: (
                      <Suspense fallback={<StepLoading />}>
                        <BatchStep values={values} draft={batchDraft} onDraft={setBatchDraft} headingRef={headingRef} plan={plan} onEditSettings={() => setTab('series')} />
                        <FocusHeading key="batch" target={headingRef} />
                      </Suspense>
                    ),
                  },
                ]}
              />
            )}
          </form>
        );
      }}
    />
  );
}
