import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import './series.css';
import { Link } from 'react-router-dom';
import { Button, Tag } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  CrownOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  LoadingOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { ART_STYLES, CUSTOM_TOPIC, findPlan, type SeriesResponse } from '@app/domain';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteSeriesMutation, useGetPostingPlanQuery, useListSeriesQuery, usePauseSeriesMutation, useResumeSeriesMutation } from '../api';
import { PLATFORM_LABELS, PLATFORM_ORDER, failedPostText, formatInstant, formatNextPost, scheduleSummary } from '../lib/autopilot';
import { reportSilently } from '../../../lib/report';
import { LinkButton } from '../../../components/ui/link-button';
import { CardFrame } from '../../../components/ui/card-frame';
import { LazyModal } from '../../../components/ui/lazy-modal';
import { paths } from '../../../config/paths';
import { pageClock } from '../../../lib/server-session';

/** A series' batches (issue 18) and their progress bars, fetched with the first series shown. */
const BatchProgress = lazy(() => import('./batch-progress').then((module) => ({ default: module.BatchProgress })));

/** How many past slots a series shows. */
export const RECENT_SLOTS_SHOWN = 3;

const styleLabel = (id: string) => ART_STYLES.find((s) => s.id === id)?.label ?? id;

function failToast(fallback: string, error: unknown) {
  reportSilently(fallback, error);
  toast({ title: 'Error', description: serverErrorOf(error) ?? fallback, variant: 'destructive' });
}

function RecentPosts({ series, now }: { series: SeriesResponse; now: Date }): ReactElement | null {
  const slots = series.recentPosts.slice(0, RECENT_SLOTS_SHOWN);
  if (slots.length === 0) return <p className="series-item__none">No posts yet.</p>;
  return (
    <ul className="series-posts" aria-label={`Recent posts of ${series.name}`}>
      {slots.map((slot) => (
        <li key={slot.slot} className="series-post">
          <span className="series-post__when">
            <time dateTime={slot.slot}>{formatInstant(slot.slot, series.schedule.timeZone, now)}</time>
            {slot.videoId && (
              <Link to={`/dashboard/view/${slot.videoId}`} className="series-post__video">
                Watch video
              </Link>
            )}
          </span>
          <span className="series-post__results">
            {slot.skippedReason ? (
              <span className="series-post__skipped">Skipped: {slot.skippedReason}</span>
            ) : slot.posts.length === 0 ? (
              <span className="series-post__pending">
                <LoadingOutlined aria-hidden /> {slot.videoId ? 'Video made' : 'Making the video…'}
              </span>
            ) : (
              [...slot.posts].sort((a, b) => PLATFORM_ORDER.indexOf(a.platform) - PLATFORM_ORDER.indexOf(b.platform)).map((post) => (
                <span key={post.platform} className={`series-post__result series-post__result--${post.status}`}>
                  {post.status === 'published' ? (
                    <>
                      <CheckCircleFilled aria-hidden />{' '}
                      {post.url ? (
                        <a href={post.url} target="_blank" rel="noopener noreferrer">
                          {PLATFORM_LABELS[post.platform]} <ExportOutlined aria-label="(opens in a new tab)" />
                        </a>
                      ) : (
                        `${PLATFORM_LABELS[post.platform]}: posted`
                      )}
                    </>
                  ) : post.status === 'failed' ? (
                    <span title={post.error ?? undefined}>
                      <CloseCircleFilled aria-hidden /> {failedPostText(post.platform)}
                    </span>
                  ) : (
                    <>
                      <ClockCircleOutlined aria-hidden /> {PLATFORM_LABELS[post.platform]}: posting…
                    </>
                  )}
                </span>
              ))
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function SeriesItem({ series, now, onDelete }: { series: SeriesResponse; now: Date; onDelete: (s: SeriesResponse) => void }): ReactElement {
  const [pause, pausing] = usePauseSeriesMutation();
  const [resume, resuming] = useResumeSeriesMutation();
  const active = series.status === 'active';
  const titleId = `series-${series._id}-title`;
  const topic = series.topic === CUSTOM_TOPIC && series.customPrompt ? series.customPrompt : series.topic;

  const toggle = async () => {
    try {
      if (active) {
        await pause(series._id).unwrap();
        toast({ title: 'Series paused', description: `“${series.name}” won't post until you resume it.`, variant: 'success' });
      } else {
        await resume(series._id).unwrap();
        toast({ title: 'Series resumed', description: `“${series.name}” is posting again.`, variant: 'success' });
      }
    } catch (error) {
      failToast(active ? 'Failed to pause series' : 'Failed to resume series', error);
    }
  };

  return (
    <li className="series-item" aria-labelledby={titleId} data-testid="series-item">
      <div className="series-item__head">
        <div className="series-item__heading">
          <h3 id={titleId} className="series-item__name">
            {series.name}
          </h3>
          <Tag color={active ? 'green' : 'default'} className="series-item__status">
            {active ? 'Active' : 'Paused'}
          </Tag>
        </div>
        <div className="series-item__actions">
          <Button
            size="small"
            icon={active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            loading={pausing.isLoading || resuming.isLoading}
            onClick={toggle}
            aria-label={`${active ? 'Pause' : 'Resume'} ${series.name}`}
          >
            {active ? 'Pause' : 'Resume'}
          </Button>
          <LinkButton size="small" icon={<EditOutlined />} to={`/dashboard/create?series=${encodeURIComponent(series._id)}`} aria-label={`Edit ${series.name}`}>
            Edit
          </LinkButton>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(series)} aria-label={`Delete ${series.name}`}>
            Delete
          </Button>
        </div>
      </div>
      <dl className="series-item__facts">
        <div>
          <dt>Topic</dt>
          <dd className="series-item__topic">{topic}</dd>
        </div>
        <div>
          <dt>Art style</dt>
          <dd>{styleLabel(series.style)}</dd>
        </div>
        <div>
          <dt>Posts to</dt>
          <dd className="series-item__platforms">
            {series.platforms.length === 0 ? 'No platform' : series.platforms.map((p) => <Tag key={p}>{PLATFORM_LABELS[p]}</Tag>)}
          </dd>
        </div>
        <div>
          <dt>Schedule</dt>
          <dd>{scheduleSummary(series.schedule.days, series.schedule.times)}</dd>
        </div>
        <div className="series-item__next">
          <dt>Next post</dt>
          <dd>
            {/* Autopilot skips the slots of a series that posts nowhere: no time to promise. */}
            {series.platforms.length === 0 ? (
              'None: choose a platform in Edit to post on a schedule'
            ) : series.nextPostAt ? (
              <time dateTime={series.nextPostAt}>{formatNextPost(series.nextPostAt, series.schedule.timeZone, now)}</time>
            ) : active ? (
              'Not scheduled'
            ) : (
              'Paused: resume to post again'
            )}
          </dd>
        </div>
      </dl>
      <div className="series-item__recent">
        <h4>Recent posts</h4>
        <RecentPosts series={series} now={now} />
      </div>
      <Suspense fallback={null}>
        <BatchProgress seriesId={series._id} seriesName={series.name} />
      </Suspense>
    </li>
  );
}

/**
 * 'Your Series' (Series home): the user's series with their autopilot, Quick Actions, or the empty
 * state. A one-off video (no autopilot) is not a series: with `hasVideos` the empty state says where it is.
 */
export function SeriesHome({ hasVideos = false }: { hasVideos?: boolean }): ReactElement {
  const { data: list, isLoading, isError, error, refetch } = useListSeriesQuery();
  const { data: plan } = useGetPostingPlanQuery();
  const [remove, removing] = useDeleteSeriesMutation();
  const [toDelete, setToDelete] = useState<SeriesResponse | null>(null);
  // First drawn at the page's time (the server's, for a page it drew), then the browser's.
  const [now, setNow] = useState(() => new Date(pageClock()));

  // "Today"/"Tomorrow" move with the clock: re-word every minute.
  useEffect(() => {
    setNow((drawn) => (Math.abs(Date.now() - drawn.getTime()) < 1000 ? drawn : new Date()));
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (isError) reportSilently('Failed to fetch series', error);
  }, [isError, error]);

  const series = list ?? [];
  const max = plan ? findPlan(plan).maxSeries : undefined;
  const atLimit = max !== undefined && max !== null && series.length >= max;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete._id).unwrap();
      toast({ title: 'Series deleted', description: `“${toDelete.name}” will not post any more.`, variant: 'success' });
      setToDelete(null);
    } catch (e) {
      failToast('Failed to delete series', e);
    }
  };

  return (
    <CardFrame className="dash-series-card series-home" title={<h2 className="dash-card-title">Your Series</h2>}>
      <div className="dash-series-card__body series-home__body">
        <div className="dash-series-card__main">
          {isLoading ? (
            // About the height of what usually follows (the empty state, or a series' first lines), so the card does not jump.
            <div className="series-home__loading" aria-busy="true" aria-label="Loading series">
              <div className="skel skel--line" style={{ width: '70%', height: 20 }} />
              <div className="skel skel--line" style={{ width: '55%', height: 20 }} />
              <div className="skel skel--btn" style={{ width: 230, height: 40 }} />
            </div>
          ) : isError ? (
            <div className="series-home__error" role="alert">
              <p>We couldn&apos;t load your series.</p>
              <Button onClick={() => refetch()}>Try again</Button>
            </div>
          ) : series.length === 0 ? (
            <div className="dash-series-empty">
              <p>You haven&apos;t started a Faceless Video series yet.</p>
              {hasVideos && (
                <p className="dash-series-empty__hint" data-testid="one-off-hint">
                  Your videos are listed under Your Videos below. To post on a schedule, turn on &lsquo;Set up autopilot&rsquo; in Create.
                </p>
              )}
              <LinkButton to={paths.dashboard.create.getHref()} type="primary" size="large" icon={<ThunderboltOutlined />}>
                CREATE YOUR SERIES
              </LinkButton>
            </div>
          ) : (
            <>
              <div className="series-home__head">
                <p className="series-home__count">
                  <strong>{series.length}</strong>
                  {typeof max === 'number' ? ` of ${max}` : ''} series{plan ? ` on your ${findPlan(plan).name} plan` : ''}
                </p>
                {atLimit ? (
                  <LinkButton to={paths.dashboard.billing.getHref()} icon={<CrownOutlined />}>
                    Upgrade for more series
                  </LinkButton>
                ) : (
                  <LinkButton to={paths.dashboard.create.getHref()} type="primary" icon={<PlusOutlined />}>
                    Create Series
                  </LinkButton>
                )}
              </div>
              <ul className="series-list" aria-label="Your series">
                {series.map((s) => (
                  <SeriesItem key={s._id} series={s} now={now} onDelete={setToDelete} />
                ))}
              </ul>
            </>
          )}
        </div>
        <nav className="dash-quick-actions" aria-label="Quick Actions">
          <h3>Quick Actions</h3>
          <LinkButton to={paths.dashboard.create.getHref()} block icon={<PlusOutlined />}>
            Create Series
          </LinkButton>
          <LinkButton to={paths.dashboard.guides.getHref()} block icon={<PlayCircleOutlined />}>
            Watch Guides
          </LinkButton>
          <LinkButton to={paths.dashboard.billing.getHref()} block icon={<CrownOutlined />}>
            Upgrade Plan
          </LinkButton>
        </nav>
      </div>
      <LazyModal
        open={toDelete !== null}
        title="Delete this series?"
        okText="Delete"
        okButtonProps={{ danger: true, loading: removing.isLoading }}
        cancelText="Cancel"
        onOk={confirmDelete}
        onCancel={() => setToDelete(null)}
        destroyOnHidden
      >
        <p>
          “{toDelete?.name}” stops posting and frees a series slot on your plan. Videos it already made stay in Your Videos.
        </p>
      </LazyModal>
    </CardFrame>
  );
}
