import { useRef, type ReactElement } from 'react';
import { Button, Progress } from 'antd';
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { MEDIA_ACCEPT, formatBytes } from '../lib/upload';
import type { UploadProgress } from '../lib/use-uploads';

/** "Upload" with the browser's file picker (several files at once). */
export function UploadButton({ onFiles, label = 'Upload', primary = true }: { onFiles: (files: File[]) => void; label?: string; primary?: boolean }): ReactElement {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button type={primary ? 'primary' : 'default'} icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple
        hidden
        data-testid="media-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** One row per upload: its name, a progress bar while it goes, the server's reason when refused. */
export function UploadList({ uploads, onDismiss }: { uploads: UploadProgress[]; onDismiss: (key: string) => void }): ReactElement | null {
  if (uploads.length === 0) return null;
  return (
    <ul className="media-uploads" aria-label="Uploads">
      {uploads.map((u) => (
        <li key={u.key} className={`media-upload is-${u.state}`}>
          <div className="media-upload__head">
            <span className="media-upload__name">{u.name}</span>
            <span className="media-upload__size">
              {u.state === 'uploading' ? `${formatBytes(u.sent)} of ${formatBytes(u.total)}` : u.state === 'done' ? 'Uploaded' : 'Not uploaded'}
            </span>
            {u.state !== 'uploading' && <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`Dismiss ${u.name}`} onClick={() => onDismiss(u.key)} />}
          </div>
          {u.state === 'uploading' && <Progress percent={Math.floor((u.sent / Math.max(1, u.total)) * 100)} size="small" aria-label={`Uploading ${u.name}`} />}
          {u.state === 'failed' && <p className="media-upload__error" role="alert">{u.error}</p>}
        </li>
      ))}
    </ul>
  );
}
