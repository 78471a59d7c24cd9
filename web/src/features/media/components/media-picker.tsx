import { useEffect, useState, type ReactElement } from 'react';
import { Empty, Modal, Radio, Skeleton } from 'antd';
import type { MediaFitChoice, OwnMediaPickerProps } from '../../../components/ui/own-media-picker';
import { useListMediaQuery } from '../api';
import { useUploads } from '../lib/use-uploads';
import { MediaCard } from './media-card';
import { UploadButton, UploadList } from './upload-button';
import './media.css';

/**
 * Picks items of the library (in the order they are ticked when several may be) or uploads new
 * ones, and how they fill the frame: centre crop (default) or letterbox.
 */
export function MediaPicker({ open, title, multiple, onCancel, onPick }: OwnMediaPickerProps): ReactElement {
  const { data, isLoading } = useListMediaQuery(undefined, { skip: !open });
  const [picked, setPicked] = useState<string[]>([]);
  const [fit, setFit] = useState<MediaFitChoice>('crop');
  const { uploads, upload, dismiss } = useUploads((item) => setPicked((ids) => (multiple ? [...ids, item._id] : [item._id])));
  useEffect(() => {
    if (open) setPicked([]);
  }, [open]);

  const toggle = (id: string) => setPicked((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : multiple ? [...ids, id] : [id]));
  const items = data?.media ?? [];
  return (
    <Modal
      open={open}
      title={title}
      width={760}
      okText={multiple ? `Use ${picked.length || ''} in this order`.replace('  ', ' ') : 'Use it'}
      okButtonProps={{ disabled: picked.length === 0 }}
      onCancel={onCancel}
      onOk={() => onPick(picked.map((id) => items.find((m) => m._id === id)).filter((m) => m !== undefined).map((m) => ({
        mediaId: m._id, kind: m.kind, name: m.name, thumbnailUrl: m.thumbnailUrl, durationSeconds: m.durationSeconds, fit,
      })))}
    >
      <div className="media-picker__bar">
        <UploadButton onFiles={(files) => void upload(files)} label="Upload new" primary={false} />
        <Radio.Group value={fit} onChange={(e) => setFit(e.target.value as MediaFitChoice)} aria-label="How it fills the frame" optionType="button" size="small"
          options={[{ value: 'crop', label: 'Crop to fill' }, { value: 'letterbox', label: 'Letterbox' }]} />
      </div>
      <UploadList uploads={uploads} onDismiss={dismiss} />
      {isLoading ? <Skeleton active /> : items.length === 0 ? <Empty description="Your library is empty: upload a clip or an image." /> : (
        <ul className="media-grid media-grid--picker" aria-label="Your media">
          {items.map((item) => {
            const order = picked.indexOf(item._id) + 1;
            return (
              <li key={item._id}>
                <button type="button" className="media-pick" aria-pressed={order > 0} aria-label={`${item.name}${order ? `, number ${order}` : ''}`} onClick={() => toggle(item._id)}>
                  <MediaCard item={item} selected={order || undefined} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {multiple && <p className="media-library__hint">Scene 1 shows the first item you tick, scene 2 the second, and so on; the other scenes get generated pictures.</p>}
    </Modal>
  );
}
