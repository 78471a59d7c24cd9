import { useCallback, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { positionSeen } from '../../../lib/position-slice';
import { mediaApi } from '../api';
import { uploadMedia, type UploadedMedia } from './upload';

export interface UploadProgress {
  key: string;
  name: string;
  sent: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
  item?: UploadedMedia;
}

/**
 * Uploads to the media library, one row of progress each; once one is in, the library is read again
 * (after the server has projected it: its position is sent with the next read).
 */
export function useUploads(onUploaded?: (item: UploadedMedia) => void) {
  const dispatch = useDispatch();
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const counter = useRef(0);
  const update = (key: string, change: Partial<UploadProgress>) => setUploads((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const upload = useCallback(async (files: Iterable<File>) => {
    for (const file of files) {
      const key = `${Date.now()}-${counter.current++}`;
      setUploads((rows) => [...rows, { key, name: file.name, sent: 0, total: file.size, state: 'uploading' }]);
      try {
        const item = await uploadMedia(file, { onProgress: (sent, total) => update(key, { sent, total }) });
        dispatch(positionSeen(item.position));
        dispatch(mediaApi.util.invalidateTags([{ type: 'Media', id: 'LIST' }]));
        update(key, { state: 'done', sent: file.size, item });
        onUploaded?.(item);
      } catch (error) {
        update(key, { state: 'failed', error: error instanceof Error ? error.message : 'The upload failed' });
      }
    }
  }, [dispatch, onUploaded]);

  const dismiss = (key: string) => setUploads((rows) => rows.filter((row) => row.key !== key));
  return { uploads, upload, dismiss };
}
