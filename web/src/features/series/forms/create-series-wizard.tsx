import { useEffect, useRef, useState, type ReactElement } from 'react';
import '../components/series.css';
import { Form } from 'react-final-form';
import { Steps, Tabs } from 'antd';
import { DEFAULT_ASPECT_RATIO, DEFAULT_DURATION, type SeriesResponse } from '@app/domain';
import { useGetPostingPlanQuery } from '../api';
import { browserTimeZone, valuesOfSeries, type WizardValues } from '../lib/autopilot';
import type { SeriesValues } from '../lib/validation';
import { BatchStep } from './wizard/batch-step';
import { ContentStep } from './wizard/content-step';
import { MediaStep } from './wizard/media-step';
import { useOwnMediaPicker } from '../../../components/ui/own-media-picker';
import { SettingsStep } from './wizard/settings-step';
import { useWizardSubmit } from './wizard/use-wizard-submit';

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
  // The plan is read only once autopilot is wanted: the one-video path makes no extra call.
  const [planWanted, setPlanWanted] = useState(Boolean(series));
  const { data: plan } = useGetPostingPlanQuery(undefined, { skip: !planWanted });
  const onSubmit = useWizardSubmit({ series, plan });
  const [formValues] = useState<WizardValues>(() =>
    series ? valuesOfSeries(series) : { ...initialValues, autopilot: false, name: '', platforms: [], timeZone: browserTimeZone(), days: [], times: [] },
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [step, tab]);

  return (
    <Form<WizardValues>
      initialValues={formValues}
      onSubmit={onSubmit}
      render={({ handleSubmit, values, submitting }) => {
        const steps = (
          <>
            <Steps className="wizard__steps" current={withMedia ? step : Math.min(step, 1)} size="small"
              items={withMedia ? [{ title: 'Content' }, { title: 'Your media' }, { title: 'Series settings' }] : [{ title: 'Content' }, { title: 'Series settings' }]} />
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
          </>
        );
        return (
          <form onSubmit={handleSubmit} className="wizard" noValidate aria-label={series ? 'Edit Series' : 'Create A Series'}>
            {series ? (
              steps
            ) : (
              <Tabs
                className="wizard__tabs"
                destroyOnHidden
                activeKey={tab}
                onChange={(key) => {
                  setTab(key as 'series' | 'batch');
                  if (key === 'batch') setPlanWanted(true);
                }}
                items={[
                  { key: 'series', label: 'Series', children: steps },
                  {
                    key: 'batch',
                    label: 'Batch',
                    children: <BatchStep values={values} headingRef={headingRef} plan={plan} onEditSettings={() => setTab('series')} />,
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
