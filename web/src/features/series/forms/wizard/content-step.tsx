import type { ReactElement, RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { CUSTOM_TOPIC } from '@app/domain';
import { TextAreaField } from '../../../../components/form';
import { paths } from '../../../../config/paths';
import { ChoiceGroup } from '../../components/choice-group';
import { canLeaveTopicStep, type SeriesValues } from '../../lib/series-form';
import { topicChoices } from './choices';

/** Step 1, content: a topic (and the custom text for Custom Topic); Back returns to /dashboard. */
export function ContentStep({ values, headingRef, onNext }: { values: SeriesValues; headingRef: RefObject<HTMLHeadingElement | null>; onNext: () => void }): ReactElement {
  const navigate = useNavigate();
  return (
    <section className="wizard__step" aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
        Choose your content
      </h2>
      <ChoiceGroup name="topic" legend="Topic" choices={topicChoices} className="choice-group--topics" />
      {values.topic === CUSTOM_TOPIC && (
        <TextAreaField name="customPrompt" label="Custom topic" placeholder="Describe what your videos should be about" maxLength={1000} showCount rows={3} />
      )}
      <div className="wizard__actions">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.dashboard.root.getHref())}>
          Back
        </Button>
        <Button type="primary" disabled={!canLeaveTopicStep(values)} onClick={onNext}>
          Next <ArrowRightOutlined />
        </Button>
      </div>
    </section>
  );
}
