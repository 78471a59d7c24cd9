import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SectionLink } from '../../../components/layouts/section-link';
import { useJoinedToday } from '../social-proof';
import { mediaUrl, posterSources, type MediaItem } from '../media';
import { PlayIcon } from './icons';
import { prefersReducedMotion } from '../../../lib/motion';

const AVATAR_COLORS = ['#f97316', '#10b981', '#6366f1', '#ec4899', '#0ea5e9'];

function DemoFallback() {
  return (
    <div className="mk-phone__fallback" role="img" aria-label="Preview of a faceless video: a narrated story with bold captions">
      <div className="mk-phone__chip">Scary Stories · Part 1</div>
      <div className="mk-phone__art" aria-hidden="true" />
      <p className="mk-phone__caption" aria-hidden="true">
        The lighthouse keeper <mark>never</mark> came back...
      </p>
      <span className="mk-phone__play" aria-hidden="true">
        <PlayIcon size={28} />
      </span>
    </div>
  );
}

/**
 * Whether the demo clip may start: once the page has loaded and the browser is idle, so the
 * clip never competes with the first paint, and once the phone showing it is on screen (below the
 * fold on a phone, where half a megabyte of video would play unseen); never by itself for someone
 * who asked for reduced motion (they start it from the poster's play button).
 */
function useDemoStart(phone: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    let cancelled = false;
    let idle = false;
    let onScreen = typeof IntersectionObserver === 'undefined' || !phone.current;
    const begin = () => {
      if (!cancelled && idle && onScreen) setStarted(true);
    };
    const afterLoad = () => {
      const ready = () => {
        idle = true;
        begin();
      };
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(ready);
      else window.setTimeout(ready, 200);
    };
    const observer =
      onScreen || !phone.current
        ? null
        : new IntersectionObserver(
            ([entry]) => {
              onScreen = entry.isIntersecting;
              begin();
            },
            { threshold: 0.25 },
          );
    if (observer && phone.current) observer.observe(phone.current);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      cancelled = true;
      observer?.disconnect();
      window.removeEventListener('load', afterLoad);
    };
  }, [phone]);
  return [started, () => setStarted(true)];
}

export function Hero({ demo }: { demo?: MediaItem }) {
  const [failed, setFailed] = useState(false);
  const phone = useRef<HTMLDivElement>(null);
  const [started, start] = useDemoStart(phone);
  const joined = useJoinedToday();
  const poster = demo?.poster ? posterSources(demo.poster) : undefined;
  return (
    <section className="mk-hero" aria-labelledby="hero-title">
      <div className="mk-hero__bg" aria-hidden="true" />
      <div className="mk-container mk-hero__grid">
        <div className="mk-hero__copy">
          <p className="mk-eyebrow">AI faceless video studio</p>
          <h1 id="hero-title" className="mk-hero__title">
            Viral Faceless Videos on <span className="mk-gradient-text mk-nowrap">Auto-Pilot</span>
          </h1>
          <p className="mk-hero__lead">
            Pick a topic and a narrator. Our AI writes the script, voices it, illustrates every scene and posts a
            finished short to TikTok and YouTube on your schedule. No camera, no editing.
          </p>
          <div className="mk-hero__actions">
            <Link to={paths.register.getHref()} className="btn btn--primary btn--lg">
              Sign Up Now
            </Link>
            <SectionLink section="how-does-it-work" className="btn btn--ghost btn--lg">
              How it works
            </SectionLink>
          </div>
          <div className="mk-hero__proof">
            <div className="mk-avatars" aria-hidden="true">
              {AVATAR_COLORS.map((c, i) => (
                <span key={c} style={{ background: c }}>
                  {'JMARK'[i]}
                </span>
              ))}
            </div>
            <p>
              Trusted by <strong>over 50 content creators</strong>
              <br />
              <span className="mk-live-dot" aria-hidden="true" /> <strong>{joined} people</strong> joined today
            </p>
          </div>
        </div>
        <div className="mk-hero__media">
          <div className="mk-phone" ref={phone}>
            <div className="mk-phone__screen">
              {demo && !failed && started ? (
                <video
                  className="mk-phone__video"
                  src={mediaUrl(demo.file)}
                  poster={poster?.avif}
                  autoPlay
                  muted
                  loop
                  playsInline
                  controls
                  preload="metadata"
                  aria-label={`Demo video: ${demo.title}`}
                  onError={() => setFailed(true)}
                />
              ) : demo && poster && !failed ? (
                // The first paint is the poster (5 KB of AVIF, preloaded by the page's HTML), not half a megabyte of video.
                <button type="button" className="mk-phone__poster" onClick={start} aria-label={`Play the demo video: ${demo.title}`}>
                  <picture>
                    <source type="image/avif" srcSet={poster.avif} />
                    <source type="image/webp" srcSet={poster.webp} />
                    <img src={poster.jpeg} alt="" width={540} height={960} fetchPriority="high" />
                  </picture>
                  <span className="mk-phone__play" aria-hidden="true">
                    <PlayIcon size={28} />
                  </span>
                </button>
              ) : (
                <DemoFallback />
              )}
            </div>
          </div>
          <div className="mk-float mk-float--a" aria-hidden="true">
            <strong>Script</strong> written in 8s
          </div>
          <div className="mk-float mk-float--b" aria-hidden="true">
            <strong>Posted</strong> to TikTok
          </div>
        </div>
      </div>
    </section>
  );
}
