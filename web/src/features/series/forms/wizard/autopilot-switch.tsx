import type { ReactElement } from 'react';
import { Switch } from 'antd';
import { useField } from 'react-final-form';

/** The "Post automatically on a schedule" switch, bound to the `autopilot` field. */
export function AutopilotSwitch({ onToggle }: { onToggle: (on: boolean) => void }): ReactElement {
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
