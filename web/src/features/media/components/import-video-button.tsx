import { useRef, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Modal, Progress } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { paths } from '../../../config/paths';
import { serverErrorOf } from '../../../lib/api';
import { useUploadVideoMutation } from '../api';
import { useUploads } from '../lib/use-uploads';
import type { UploadedMedia } from '../lib/upload';

/** The label of the action, distinct from the detail page's "Upload Video" (posting a video to a platform). */
export const IMPORT_VIDEO_LABEL = 'Import a video';

/**
 * Import a video (issue 18, the UploadVideo command): a finished video made elsewhere goes into the
 * library (resumable when large) and becomes a video of the creator's, normalised to the platform's
 * format; it opens on its page while that runs. It counts as one of the plan's videos.
 */
export function ImportVideoButton(): ReactElement {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [uploadVideo] = useUploadVideoMutation();
  const [error, setError] = useState<string | null>(null);
  const makeVideo = async (item: UploadedMedia) => {
    if (item.kind !== 'clip') {
      setError('Only a video clip can become a video. Upload an MP4, MOV or WebM file.');
      return;
    }
    try {
      const { videoId } = await uploadVideo({ mediaId: item._id }).unwrap();
      navigate(paths.dashboard.detail.getHref(videoId));
    } catch (e) {
      setError(serverErrorOf(e) ?? 'The video could not be made. Please try again.');
    }
  };
  const { uploads, upload, dismiss } = useUploads((item) => void makeVideo(item));
  const current = uploads.at(-1);
  const failed = current?.state === 'failed' ? current.error : null;
  const close = () => {
    if (current) dismiss(current.key);
    setError(null);
  };
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => input.current?.click()}>
        {IMPORT_VIDEO_LABEL}
      </Button>
      <input ref={input} type="file" accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm" hidden data-testid="import-video-input" aria-label="Choose a video to import" onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        setError(null);
        if (file) void upload([file]);
      }} />
      <Modal
        open={Boolean(current && (current.state === 'uploading' || failed || error))}
        title={IMPORT_VIDEO_LABEL}
        footer={current?.state === 'uploading' ? null : undefined}
        closable={current?.state !== 'uploading'}
        onCancel={close}
        onOk={close}
      >
        {current?.state === 'uploading' && (
          <>
            <p>Uploading {current.name}… it becomes one of your videos once it is in.</p>
            <Progress percent={Math.floor((current.sent / Math.max(1, current.total)) * 100)} aria-label={`Uploading ${current.name}`} />
          </>
        )}
        {(failed || error) && <p role="alert">{failed ?? error}</p>}
      </Modal>
    </>
  );
}
