import { useEffect, type ReactElement } from 'react';
import { Form, useForm } from 'react-final-form';
import { Button } from 'antd';
import { CAPTION_MAX } from '@app/domain';
import { TextAreaField } from '../../../components/form';

export interface CaptionFormProps {
  initialCaption: string;
  saving: boolean;
  /** Resolves false when the caption could not be saved. */
  onSave: (description: string) => Promise<boolean>;
}

interface CaptionValues {
  description?: string;
}

export const validateCaption = (values: CaptionValues) =>
  (values.description ?? '').length > CAPTION_MAX ? { description: `Caption must be at most ${CAPTION_MAX} characters` } : {};

/**
 * Follows the record's caption while the creator has not touched the field: a caption written
 * after the page opened (the script stage of a render in progress) shows up, and one being typed or
 * saved is never replaced.
 */
function FollowCaption({ caption }: { caption: string }): null {
  const form = useForm<CaptionValues>();
  useEffect(() => {
    const state = form.getState();
    if (state.pristine && !state.submitting && (state.values.description ?? '') !== caption) form.initialize({ description: caption });
  }, [caption, form]);
  return null;
}

/** CAPTION: editable, limit 2000, counter 'n / 2000'. */
export function CaptionForm({ initialCaption, saving, onSave }: CaptionFormProps): ReactElement {
  return (
    <Form<CaptionValues>
      initialValues={{ description: initialCaption }}
      // The record changes under the form while a save is in flight (the optimistic caption, then its
      // roll-back when the save fails): following it could replace what the creator typed with the old
      // caption. The form starts from the record, follows it only while untouched (FollowCaption), and
      // moves on when a save is confirmed.
      initialValuesEqual={() => true}
      validate={validateCaption}
      onSubmit={async (values, form) => {
        const typed = values.description ?? '';
        if (await onSave(typed)) form.initialize({ description: typed });
      }}
      render={({ handleSubmit, pristine, invalid }) => (
        <form onSubmit={handleSubmit} className="vid-field vid-field--caption">
          <FollowCaption caption={initialCaption} />
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
