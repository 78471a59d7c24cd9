import type { ReactElement } from 'react';
import './series.css';
import { Button } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, LoadingOutlined } from '@ant-design/icons';
import type { VideoStatus } from '@app/domain';
import { NEW_SERIES_ESTIMATE_MINUTES, progressView } from '../lib/progress';

export interface ProgressWidgetProps {
  /** The last status before any failure. */
  status: VideoStatus | null | undefined;
  failed?: boolean;
  onClose: () => void;
  onOpen?: () => void;
}

/** Four steps (story, audio, images, video), remaining minutes, closable while work continues. */
export function ProgressWidget({ status, failed = false, onClose, onOpen }: ProgressWidgetProps): ReactElement {
  const view = progressView(status, failed);
  return (
    <aside className="gen-widget" aria-label="Video generation progress" data-testid="progress-widget">
      <header className="gen-widget__head">
        <strong>{view.done ? 'Your video is ready' : failed ? 'Generation failed' : 'Creating your video'}</strong>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Close progress" onClick={onClose} />
      </header>
      <p className="gen-widget__estimate">Estimated time: {NEW_SERIES_ESTIMATE_MINUTES} minutes</p>
      <ol className="gen-widget__steps">
        {view.steps.map((step) => (
          <li key={step.key} className={`gen-step gen-step--${step.state}`} data-state={step.state} data-testid={`step-${step.key}`}>
            {step.state === 'completed' ? (
              <CheckCircleFilled aria-hidden />
            ) : step.state === 'failed' ? (
              <CloseCircleFilled aria-hidden />
            ) : step.state === 'active' ? (
              <LoadingOutlined aria-hidden />
            ) : (
              <span className="gen-step__dot" aria-hidden />
            )}
            <span>{step.label}</span>
            <span className="sr-only"> ({step.state})</span>
          </li>
        ))}
      </ol>
      {!view.done && !failed && (
        <p className="gen-widget__remaining" role="status" data-testid="remaining">
          {view.remainingMinutes <= 1 ? 'About 1 minute remaining' : `About ${view.remainingMinutes} minutes remaining`}
        </p>
      )}
      {!view.done && !failed && <p className="gen-widget__hint">You can close this; your video will appear in Your Videos on your dashboard.</p>}
      {onOpen && (
        <Button type="link" size="small" onClick={onOpen}>
          {view.done ? 'Watch video' : 'View details'}
        </Button>
      )}
    </aside>
  );
}
