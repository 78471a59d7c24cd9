import { Suspense, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import './videos.css';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Button } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { TITLE_MAX, statusRank, type VideoDetail } from '@app/domain';
import { useDeleteVideoMutation, useGetVideoQuery, useUpdateCaptionMutation } from '../api';
import { useLiveVideoStatus } from '../lib/use-live-status';
import { statusDisplay } from '../lib/status-display';
import { reportSilently } from '../../../lib/report';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { CaptionForm } from '../forms/caption-form';
import { GenerationProgress } from './generation-progress';
import { refusalToast } from '../lib/refusal-toast';
import { lazyComponent } from '../../../lib/lazy-component';
import { HydrateWhenSeen } from '../../../lib/hydrate-when-seen';
import { LazyModal } from '../../../components/ui/lazy-modal';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { APP_TITLES } from '../../../config/page-heads';
import { ScriptForm } from '../studio/forms/script-form';
import { useEditScriptMutation } from '../studio/api';

/**
 * The studio (storyboard, captions, sound, versions) in a chunk of its own: only a finished video
 * has one. The page preloads it when the video it opens on has a studio (`preloadStudio`).
 */
const StudioPanel = lazyComponent(() => import('../studio/components/studio-panel').then((module) => module.StudioPanel));

/** Fetch the studio's chunk ahead of the page's first render, for a video that has a studio. */
export function preloadStudio(video: Pick<VideoDetail, 'studio'> | undefined): Promise<unknown> | undefined {
  return video?.studio ? StudioPanel.preload() : undefined;
}

export interface VideoDetailViewProps {
  id: string;
  /** The SERIES SETTINGS block, shown when the record's isSeries flag is false. */
  seriesSettings?: (video: VideoDetail) => ReactNode;
  /** Toast for saved caption (the app's toast hook, passed in by the route). */
  onCaptionSaved?: () => void;
  /** Under 'Video not found' (a visitor without a session: where to sign in). */
  notFoundNote?: ReactNode;
}

/** Narration lines joined by spaces, falling back to the description. */
export function voiceScriptOf(video: Pick<VideoDetail, 'narrationScript' | 'description'>): string {
  const lines = (video.narrationScript ?? []).map((l) => l.trim()).filter(Boolean);
  return lines.length ? lines.join(' ') : (video.description ?? '');
}

export function VideoDetailSkeleton(): ReactElement {
  return (
    <div className="vid-detail" aria-busy="true" aria-label="Loading video" data-testid="video-detail-skeleton">
      <div className="skel skel--line" style={{ width: 90, height: 32 }} />
      <div className="vid-detail__grid">
        <div className="skel skel--player" />
        <div className="vid-detail__fields">
          {[0, 1, 2].map((i) => (
            <div key={i}>
              <div className="skel skel--line" style={{ width: 80 }} />
              <div className="skel skel--block" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function VideoDetailView({ id, seriesSettings, onCaptionSaved, notFoundNote }: VideoDetailViewProps): ReactElement {
  const navigate = useNavigate();
  const { data: video, error, isLoading, refetch } = useGetVideoQuery(id);
  const recordDone = video?.status === 'done' || video?.status === 'failed';
  const live = useLiveVideoStatus(id, { skip: !video || recordDone });
  const [deleteVideo, deleting] = useDeleteVideoMutation();
  const [updateCaption, savingCaption] = useUpdateCaptionMutation();
  const [editScript, savingScript] = useEditScriptMutation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const playerRetried = useRef(false);
  // The tab and a screen reader name the page by its video (no heading shows it: its title is a field).
  useDocumentTitle(video?.title || (error ? 'Video not found' : APP_TITLES.video));

  useEffect(() => {
    if (error) reportSilently('Failed to fetch video', error);
  }, [error]);

  // The studio's chunk, in by the time the visitor reaches the studio or taps it: its part of the
  // page is taken over from the server's HTML only then (HydrateWhenSeen), at once, during the tap.
  const hasStudio = Boolean(video?.studio);
  useEffect(() => {
    if (hasStudio) StudioPanel.preload().catch(() => undefined);
  }, [hasStudio]);

  // When the live status reaches a final state, read the record again (stream URL, title, script);
  // and once the script is written, if the record opened before it was, so the voice script shows
  // while the render goes on (asked again at each later status until the record has it).
  const liveStatus = live.status;
  const scriptMissing = !video?.narrationScript?.length && !video?.description;
  useEffect(() => {
    if (!video || recordDone || liveStatus === null) return;
    const final = liveStatus === 'done' || liveStatus === 'failed';
    const scriptWritten = liveStatus !== 'failed' && statusRank(liveStatus) >= statusRank('script');
    if (final || (scriptMissing && scriptWritten)) void refetch();
  }, [liveStatus, recordDone, video, scriptMissing, refetch]);

  if (isLoading) return <VideoDetailSkeleton />;
  if (error || !video) {
    return (
      <div className="vid-detail">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          BACK
        </Button>
        <h1 className="vid-missing">Video not found</h1>
        {notFoundNote}
      </div>
    );
  }

  const status = recordDone ? video.status : (live.status ?? video.status ?? null);
  const display = statusDisplay(status);
  const failureReason = live.answer?.failureReason ?? video.failureReason;
  const vertical = video.aspectRatio === '9:16';
  // Read out as the render moves on, its end included (the progress block itself goes away when done).
  const announcement = `Video status: ${display.message}${display.done ? " The video is ready to play." : ""}`;
  const script = voiceScriptOf(video);

  const onDelete = async () => {
    try {
      await deleteVideo(id).unwrap();
      setConfirmOpen(false);
      // Back where the creator came from in the app; opened straight (a new tab, a mailed link, a page
      // loaded before the app took it over) there is no such page here: the dashboard, in its place.
      if (hasAppHistory()) navigate(-1);
      else navigate(paths.dashboard.root.getHref(), { replace: true });
    } catch (e) {
      setConfirmOpen(false);
      reportSilently('Failed to delete video', e);
    }
  };

  return (
    <div className="vid-detail">
      <h1 className="sr-only">{video.title || APP_TITLES.video}</h1>
      <p className="sr-only" role="status" aria-live="polite" data-testid="video-status-announcement">
        {announcement}
      </p>
      <div className="vid-detail__bar">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          BACK
        </Button>
        <Button danger type="text" icon={<DeleteOutlined />} aria-label="Delete video" onClick={() => setConfirmOpen(true)} />
      </div>

      <div className="vid-detail__grid">
        <div className={`vid-detail__media${vertical ? ' is-portrait' : ' is-wide'}`}>
          {/* A finished version keeps playing while a re-render of it runs. */}
          {(display.done || video.studio?.currentVersion) && video.streamUrl ? (
            <>
              <video
                className="vid-player"
                controls
                playsInline
                preload="metadata"
                src={video.streamUrl}
                poster={video.thumbnailUrl ?? undefined}
                aria-label={`Video: ${video.title}`}
                data-testid="video-player"
                onError={() => {
                  // Signed URLs expire: read the record once more for a fresh one.
                  if (!playerRetried.current) {
                    playerRetried.current = true;
                    void refetch();
                  }
                }}
              />
              {video.downloadUrl && (
                <Button type="primary" size="large" icon={<DownloadOutlined />} href={video.downloadUrl} download block>
                  Download Video
                </Button>
              )}
              {!display.done && <GenerationProgress display={display} failureReason={failureReason} />}
            </>
          ) : display.done ? (
            <GenerationProgress display={{ ...display, done: false }} />
          ) : (
            <GenerationProgress display={display} failureReason={failureReason} />
          )}
        </div>

        <div className="vid-detail__fields">
          {/* With the studio, TITLE and VOICE SCRIPT are one form (the draft); without it, read-only as the spec shows them. */}
          {video.studio ? (
            <ScriptForm
              title={video.studio.title}
              narrationScript={video.studio.narrationScript}
              saving={savingScript.isLoading}
              disabled={video.studio.rendering}
              onSave={async (edited) => {
                try {
                  await editScript({ id, ...edited }).unwrap();
                  toast({ title: 'Script saved', description: 'Re-render the video to hear it.' });
                } catch (e) {
                  toast(refusalToast(e, 'Failed to save the script'));
                }
              }}
            />
          ) : (
            <div className="vid-field">
              <div className="vid-field__head">
                <label htmlFor="video-title" className="vid-field__label">
                  TITLE
                </label>
                <span className="vid-field__counter" data-testid="title-counter">
                  {(video.title ?? '').length} / {TITLE_MAX}
                </span>
              </div>
              <input id="video-title" className="vid-readonly" readOnly value={video.title ?? ''} />
            </div>
          )}

          <CaptionForm
            initialCaption={video.description ?? ''}
            saving={savingCaption.isLoading}
            onSave={async (description) => {
              try {
                await updateCaption({ id, description }).unwrap();
                onCaptionSaved?.();
                return true;
              } catch (e) {
                toast({ title: 'Error', description: serverErrorOf(e) ?? 'Failed to save caption', variant: 'destructive' });
                return false;
              }
            }}
          />

          {video.studio ? null : (
            <div className="vid-field">
              <div className="vid-field__head">
                <label htmlFor="video-script" className="vid-field__label">
                  VOICE SCRIPT
                </label>
                <span className="vid-field__counter">1171 / 1600</span>
              </div>
              <textarea id="video-script" className="vid-readonly vid-readonly--script" readOnly value={script} rows={6} />
              <p className="vid-note">Always verify AI generated scripts for accuracy.</p>
            </div>
          )}
        </div>
      </div>

      {/* Below the video and its fields: taken over from the server's HTML as the visitor gets there. */}
      {video.studio ? (
        <HydrateWhenSeen>
          <Suspense fallback={<div className="skel skel--block" style={{ height: 320 }} aria-busy="true" aria-label="Loading the studio" />}>
            <StudioPanel video={video} />
          </Suspense>
        </HydrateWhenSeen>
      ) : null}

      {!video.isSeries && seriesSettings ? <HydrateWhenSeen>{seriesSettings(video)}</HydrateWhenSeen> : null}

      <LazyModal
        open={confirmOpen}
        title="Delete this video?"
        okText="Delete"
        okButtonProps={{ danger: true, loading: deleting.isLoading }}
        onOk={onDelete}
        onCancel={() => setConfirmOpen(false)}
      >
        This video will be removed permanently.
      </LazyModal>
    </div>
  );
}

/** Whether this document holds an earlier page of the app to go back to (react-router numbers its entries from 0 in each document). */
function hasAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}
