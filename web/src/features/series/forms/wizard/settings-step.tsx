import { Suspense, type ReactElement, type RefObject } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, ScheduleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { PlanId } from '@app/domain';
import { SelectField } from '../../../../components/form';
import { lazyComponent } from '../../../../lib/lazy-component';
import { ChoiceGroup } from '../../components/choice-group';
import type { WizardValues } from '../../lib/autopilot';
import { AutopilotSwitch } from './autopilot-switch';
import { durationOptions, languageOptions, ratioChoices, styleChoices, voiceChoices } from './choices';

/**
 * The autopilot's fields (name, platforms, schedule, and the captions' and music's settings with
 * antd's segmented controls, slider and switch) in a chunk of their own: fetched when autopilot is
 * switched on, or with the step when a series is edited (its schedule always shows).
 */
export const AutopilotFields = lazyComponent(() => import('../../components/autopilot-fields').then((module) => module.AutopilotFields));

export interface SettingsStepProps {
  values: WizardValues;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Editing an existing series (its schedule is always shown; no switch). */
  editing: boolean;
  plan: PlanId | undefined;
  submitting: boolean;
  onBack: () => void;
  /** The autopilot switch was turned on: the plan is needed. */
  onAutopilot: () => void;
}

/** Step 2, series settings: narrator, art style, ratio, language, duration, and the optional autopilot. */
export function SettingsStep({ values, headingRef, editing, plan, submitting, onBack, onAutopilot }: SettingsStepProps): ReactElement {
  const autopilot = editing || Boolean(values.autopilot);
  return (
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
      <section className={`autopilot${autopilot ? ' is-on' : ''}`} aria-labelledby="autopilot-title">
        <h3 id="autopilot-title" className="autopilot__title">
          <ScheduleOutlined aria-hidden /> {editing ? 'Autopilot schedule' : 'Set up autopilot'}
          {!editing && <span className="autopilot__optional">Optional</span>}
        </h3>
        {!editing && <AutopilotSwitch onToggle={(on) => on && onAutopilot()} />}
        {autopilot && (
          <Suspense fallback={<div className="skel skel--block" style={{ height: 240 }} aria-busy="true" aria-label="Loading the schedule" />}>
            <AutopilotFields plan={plan} keepSchedule={editing} />
          </Suspense>
        )}
      </section>
      <div className="wizard__actions">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button type="primary" htmlType="submit" loading={submitting} icon={editing ? <CheckOutlined /> : values.autopilot ? <ScheduleOutlined /> : <ThunderboltOutlined />}>
          {editing ? 'Save Changes' : values.autopilot ? 'Start Autopilot' : 'Create Series'}
        </Button>
      </div>
    </section>
  );
}
