import type { ReactElement } from 'react';
import { Alert, Progress, Spin } from 'antd';
import type { StatusDisplay } from '../lib/status-display';

/** While not done: spinner, message, 'Ready!(about 3 minutes)' and a percent bar; or the failed state. */
export function GenerationProgress({ display, failureReason }: { display: StatusDisplay; failureReason?: string | null }): ReactElement {
  if (display.failed) {
    return (
      <Alert
        type="error"
        showIcon
        className="vid-failed"
        title="Video generation failed"
        description={failureReason || 'Something went wrong while making this video.'}
        data-testid="video-failed"
      />
    );
  }
  return (
    // Screen readers hear each change from the detail page's live region, which outlives this block.
    <div className="vid-progress" data-testid="video-progress">
      <Spin size="large" />
      <p className="vid-progress__message" data-testid="progress-message">
        {display.message}
      </p>
      <p className="vid-progress__eta">Ready!(about 3 minutes)</p>
      <Progress
        percent={display.percent}
        status="active"
        aria-label="Percent complete"
        aria-valuenow={display.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        data-testid="progress-percent"
      />
    </div>
  );
}
