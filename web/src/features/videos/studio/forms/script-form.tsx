import type { ReactElement } from 'react';
import { Form } from 'react-final-form';
import { Button } from 'antd';
import { STUDIO_MESSAGES, TITLE_LIMIT, VOICE_SCRIPT_LIMIT, voiceScriptLength } from '@app/domain';
import { TextAreaField } from '../../../../components/form';

export interface ScriptFormProps {
  title: string;
  narrationScript: string[];
  saving: boolean;
  /** Locked while a render of the video runs. */
  disabled: boolean;
  onSave: (script: { title: string; narrationScript: string[] }) => Promise<void> | void;
}

interface ScriptValues {
  title?: string;
  script?: string;
}

/** A title as saved: one line (a pasted line break becomes a space). */
export const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim();

/** One scene per line: blank lines are dropped. */
export const linesOf = (script: string | undefined) => (script ?? '').split('\n').map((line) => line.trim()).filter(Boolean);

export function validateScript(values: ScriptValues): Partial<Record<keyof ScriptValues, string>> {
  const errors: Partial<Record<keyof ScriptValues, string>> = {};
  const title = oneLine(values.title ?? '');
  if (!title) errors.title = STUDIO_MESSAGES.title;
  else if (title.length > TITLE_LIMIT) errors.title = STUDIO_MESSAGES.titleLength;
  const lines = linesOf(values.script);
  if (lines.length === 0) errors.script = STUDIO_MESSAGES.scriptEmpty;
  else if (voiceScriptLength(lines) > VOICE_SCRIPT_LIMIT) errors.script = STUDIO_MESSAGES.scriptLength;
  return errors;
}

/**
 * TITLE and VOICE SCRIPT, editable (the marketing copy's promise; docs/spec-deviations.md): one
 * line of the voice script per scene. Saved into the draft; the video changes on the next render.
 */
export function ScriptForm({ title, narrationScript, saving, disabled, onSave }: ScriptFormProps): ReactElement {
  return (
    <Form<ScriptValues>
      initialValues={{ title, script: narrationScript.join('\n') }}
      keepDirtyOnReinitialize
      validate={validateScript}
      onSubmit={async (values) => {
        await onSave({ title: oneLine(values.title ?? ''), narrationScript: linesOf(values.script) });
      }}
      render={({ handleSubmit, pristine, invalid, values }) => (
        <form onSubmit={handleSubmit} className="vid-field vid-field--script" aria-label="Title and voice script">
          {/* A title is one line, shown whole: on a phone a one-line box showed a third of it. Enter saves, as in a one-line box. */}
          <TextAreaField
            name="title"
            id="video-title"
            label="TITLE"
            maxLength={TITLE_LIMIT}
            showCount
            autoSize={{ minRows: 1, maxRows: 3 }}
            readOnly={disabled}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }}
          />
          <TextAreaField
            name="script"
            id="video-script"
            label="VOICE SCRIPT"
            help={`One line per scene · ${voiceScriptLength(linesOf(values.script))} / ${VOICE_SCRIPT_LIMIT}`}
            autoSize={{ minRows: 4, maxRows: 14 }}
            readOnly={disabled}
          />
          <p className="vid-note">Always verify AI generated scripts for accuracy.</p>
          <div className="vid-field__actions">
            <Button type="primary" htmlType="submit" loading={saving} disabled={disabled || pristine || invalid || saving}>
              Save Script
            </Button>
          </div>
        </form>
      )}
    />
  );
}
