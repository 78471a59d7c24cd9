import type { ReactElement } from 'react';
import { Form } from 'react-final-form';
import { Button } from 'antd';
import { CAPTION_MAX } from '@app/domain';
import { TextAreaField } from '../../../components/form';

export interface CaptionFormProps {
  initialCaption: string;
  saving: boolean;
  onSave: (description: string) => Promise<void> | void;
}

interface CaptionValues {
  description?: string;
}

export const validateCaption = (values: CaptionValues) =>
  (values.description ?? '').length > CAPTION_MAX ? { description: `Caption must be at most ${CAPTION_MAX} characters` } : {};

/** CAPTION: editable, limit 2000, counter 'n / 2000'. */
export function CaptionForm({ initialCaption, saving, onSave }: CaptionFormProps): ReactElement {
  return (
    <Form<CaptionValues>
      initialValues={{ description: initialCaption }}
      // A failed save rolls the record back; what the creator typed stays in the field.
      keepDirtyOnReinitialize
      validate={validateCaption}
      onSubmit={async (values) => {
        await onSave(values.description ?? '');
      }}
      render={({ handleSubmit, pristine, invalid }) => (
        <form onSubmit={handleSubmit} className="vid-field vid-field--caption">
          <TextAreaField
            name="description"
            id="video-caption"
            label="CAPTION"
            maxLength={CAPTION_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 10 }}
          />
          <div className="vid-field__actions">
            <Button type="primary" htmlType="submit" loading={saving} disabled={pristine || invalid || saving}>
              Save Caption
            </Button>
          </div>
        </form>
      )}
    />
  );
}
