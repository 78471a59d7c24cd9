import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Empty, Popconfirm, Progress, Skeleton } from 'antd';
import { DeleteOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { MEDIA_LIBRARY_MAX_ITEMS } from '@app/domain';
import { paths } from '../../../config/paths';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteMediaMutation, useListMediaQuery, useUploadVideoMutation } from '../api';
import { formatBytes } from '../lib/upload';
import { useUploads } from '../lib/use-uploads';
import { MediaCard } from './media-card';
import { UploadButton, UploadList } from './upload-button';
import './media.css';

/**
 * The creator's media library (issue 18): their clips and images with thumbnails and lengths, the
 * storage they take against the plan, uploads with progress (large files resumable), delete, and
 * "Make it a video" for a finished clip (the UploadVideo command, as "Import a video" on the View page).
 */
export function MediaLibrary(): ReactElement {
  const navigate = useNavigate();
  const { data, isLoading, isError } = useListMediaQuery();
  const [deleteMedia] = useDeleteMediaMutation();
  const [uploadVideo] = useUploadVideoMutation();
  const [making, setMaking] = useState<string | null>(null);
  const { uploads, upload, dismiss } = useUploads();

  const makeVideo = async (mediaId: string) => {
    setMaking(mediaId);
    try {
      const { videoId } = await uploadVideo({ mediaId }).unwrap();
      navigate(paths.dashboard.detail.getHref(videoId));
    } catch (error) {
      toast({ title: 'Could not make the video', description: serverErrorOf(error) ?? 'Please try again.', variant: 'destructive' });
    } finally {
      setMaking(null);
    }
  };

  return (
    <section className="media-library" aria-label="Your media">
      <div className="media-library__bar">
        <UploadButton onFiles={(files) => void upload(files)} label="Upload clips or images" />
        {data && (
          <div className="media-library__storage">
            <span>{formatBytes(data.usedBytes)} of {formatBytes(data.storageBytes)} used · {data.total} of {MEDIA_LIBRARY_MAX_ITEMS} items</span>
            <Progress percent={Math.min(100, Math.round((data.usedBytes / data.storageBytes) * 100))} showInfo={false} size="small" aria-label="Storage used" />
          </div>
        )}
      </div>
      <p className="media-library__hint">
        Clips (MP4, MOV, WebM) up to 200 MB and 3 minutes, images (JPEG, PNG, WebP) up to 20 MB. Use them in place of generated pictures when you create a
        video or on a video&apos;s storyboard, or make a finished clip one of your videos (Make it a video, or Import a video on the View page).
      </p>
      <UploadList uploads={uploads} onDismiss={dismiss} />
      {isLoading ? (
        <Skeleton active />
      ) : isError ? (
        <p role="alert">Your media could not be loaded. Please try again.</p>
      ) : !data || data.media.length === 0 ? (
        <Empty description="No media yet. Upload a clip or an image to use it in your videos." />
      ) : (
        <div className="media-grid">
          {data.media.map((item) => (
            <MediaCard key={item._id} item={item}>
              {item.kind === 'clip' && (
                <Button size="small" icon={<PlaySquareOutlined />} loading={making === item._id} onClick={() => void makeVideo(item._id)}>
                  Make it a video
                </Button>
              )}
              <Popconfirm
                title={`Delete ${item.name}?`}
                description="Videos already made keep it; new renders will not."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => deleteMedia({ id: item._id }).unwrap().catch((error: unknown) => {
                  toast({ title: 'Could not delete it', description: serverErrorOf(error) ?? 'Please try again.', variant: 'destructive' });
                })}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${item.name}`} />
              </Popconfirm>
            </MediaCard>
          ))}
        </div>
      )}
    </section>
  );
}
