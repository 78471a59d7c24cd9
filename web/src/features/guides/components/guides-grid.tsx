import { useEffect, useState, type ReactElement } from 'react';
import { Skeleton } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { guideSlots, guidesFrom, type GuideClip } from '../lib/manifest';
import './guides.css';

/** Six embedded guide videos. */
export function GuidesGrid(): ReactElement {
  const [clips, setClips] = useState<GuideClip[] | null>(null);
  useEffect(() => {
    let alive = true;
    fetch('/media/manifest.json', { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : []))
      .then((json) => alive && setClips(guidesFrom(json)))
      .catch(() => alive && setClips([]));
    return () => {
      alive = false;
    };
  }, []);
  return (
    <div className="guides-grid">
      {guideSlots(clips ?? []).map(({ title, clip }) => (
        <article key={title} className="guide-card" data-testid="guide-card">
          <div className="guide-card__media">
            {clips === null ? (
              <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
            ) : clip ? (
              <video controls preload="metadata" playsInline src={clip.file} poster={clip.poster} aria-label={title} />
            ) : (
              <div className="guide-card__placeholder" aria-hidden>
                <PlayCircleOutlined />
              </div>
            )}
          </div>
          <h2>{title}</h2>
        </article>
      ))}
    </div>
  );
}
