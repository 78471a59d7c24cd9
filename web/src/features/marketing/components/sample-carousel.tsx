import { useEffect, useRef, useState, type RefObject } from 'react';
import type { SampleSlot } from '../media';
import { ChevronIcon, PauseIcon, PlayIcon } from './icons';
import { prefersReducedMotion, usePrefersReducedMotion } from '../../../lib/motion';

export const CAROUSEL_INTERVAL_MS = 3000;

const GRADIENTS = [
  'linear-gradient(160deg,#111827,#7f1d1d)',
  'linear-gradient(160deg,#78350f,#b45309)',
  'linear-gradient(160deg,#1e3a8a,#06b6d4)',
  'linear-gradient(160deg,#065f46,#34d399)',
  'linear-gradient(160deg,#7c2d12,#f97316)',
  'linear-gradient(160deg,#312e81,#8b5cf6)',
  'linear-gradient(160deg,#0f172a,#2563eb)',
  'linear-gradient(160deg,#831843,#f472b6)',
  'linear-gradient(160deg,#1f2937,#9ca3af)',
];

/**
 * One sample: plays only while it is on screen (IntersectionObserver), pauses when it leaves. Its
 * poster is a lazily loaded picture under the video (a video's own poster would be fetched at once
 * for all nine, far below the fold on a phone); the video, fetching nothing until it plays, covers it.
 * For a visitor who asked for reduced motion nothing plays by itself: the poster shows with a play
 * button, which puts the video, with its controls, in its place (a video with controls and no frame
 * yet would cover the poster with the browser's dark box).
 */
export function SampleCard({ slot, index }: { slot: SampleSlot; index: number }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const [started, setStarted] = useState(false);
  const hasVideo = Boolean(slot.src) && !failed;
  const showVideo = hasVideo && (!reducedMotion || started);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting && entry.intersectionRatio >= 0.5) {
          if (!prefersReducedMotion()) video.play()?.catch(() => undefined);
        } else {
          video.pause();
        }
      },
      { threshold: [0, 0.5, 1] },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [showVideo]);

  return (
    <li className="mk-sample" aria-roledescription="slide" aria-label={`${index + 1} of 9: ${slot.title}`}>
      <div className="mk-sample__frame" style={{ background: GRADIENTS[index % GRADIENTS.length] }}>
        {hasVideo && slot.poster ? (
          <picture>
            <source type="image/avif" srcSet={slot.poster.avif} />
            <source type="image/webp" srcSet={slot.poster.webp} />
            <img className="mk-sample__poster" src={slot.poster.jpeg} alt="" width={540} height={960} loading="lazy" decoding="async" />
          </picture>
        ) : null}
        {showVideo ? (
          <video
            ref={videoRef}
            className="mk-sample__video"
            src={slot.src}
            muted
            loop
            playsInline
            // Nothing is fetched but the poster until the slide is in view and starts playing.
            preload="none"
            // Started by the visitor (reduced motion): it plays at once, with its controls.
            autoPlay={started}
            controls={reducedMotion}
            aria-label={`Sample video: ${slot.title}`}
            onError={() => setFailed(true)}
          />
        ) : hasVideo ? (
          <button type="button" className="mk-sample__start" onClick={() => setStarted(true)} aria-label={`Play sample video: ${slot.title}`}>
            <span className="mk-sample__play" aria-hidden="true">
              <PlayIcon />
            </span>
          </button>
        ) : (
          <div className="mk-sample__placeholder" role="img" aria-label={`Sample video: ${slot.title} (preview coming soon)`}>
            <span className="mk-sample__play" aria-hidden="true">
              <PlayIcon />
            </span>
          </div>
        )}
        <span className="mk-sample__badge">{slot.title}</span>
      </div>
    </li>
  );
}

/** Whether the element is on screen (true where the browser cannot tell). */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setOnScreen(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

/**
 * Nine titled niche samples; advances every 3 seconds while on screen (below the fold it would only
 * keep a phone busy), pauses while hovered, focused or paused by the user.
 */
export function SampleCarousel({ slots }: { slots: SampleSlot[] }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(regionRef);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  // Reduced motion: the carousel does not advance by itself (its buttons still move it).
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByUser, setUserPaused] = useState<boolean | null>(null);
  const userPaused = pausedByUser ?? reducedMotion;
  const paused = hovered || userPaused;
  const advancing = !paused && onScreen;

  const goTo = (next: number) => {
    const track = trackRef.current;
    const count = slots.length;
    const target = ((next % count) + count) % count;
    setIndex(target);
    const card = track?.children[target] as HTMLElement | undefined;
    if (track && card && typeof track.scrollTo === 'function') {
      track.scrollTo({ left: card.offsetLeft - (track.children[0] as HTMLElement).offsetLeft, behavior: 'smooth' });
    }
  };

  useEffect(() => {
    if (!advancing) return;
    const timer = setInterval(() => {
      const track = trackRef.current;
      const atEnd = track ? track.scrollLeft + track.clientWidth >= track.scrollWidth - 4 && track.scrollWidth > track.clientWidth : false;
      setIndex((i) => {
        const next = atEnd ? 0 : (i + 1) % slots.length;
        const card = track?.children[next] as HTMLElement | undefined;
        if (track && card && typeof track.scrollTo === 'function') {
          track.scrollTo({ left: card.offsetLeft - (track.children[0] as HTMLElement).offsetLeft, behavior: 'smooth' });
        }
        return next;
      });
    }, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [advancing, slots.length]);

  return (
    <section className="mk-section mk-samples" aria-labelledby="samples-title">
      <div className="mk-container">
        <div className="mk-section__head mk-section__head--row">
          <div>
            <p className="mk-eyebrow">Made with the studio</p>
            <h2 id="samples-title" className="mk-section__title">
              One studio, every niche
            </h2>
            <p className="mk-section__lead">Horror, history, travel, motivation: pick a topic and the AI finds the story.</p>
          </div>
          <div className="mk-carousel__controls">
            <button type="button" className="mk-round-btn" onClick={() => goTo(index - 1)} aria-label="Previous sample">
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="mk-round-btn"
              onClick={() => setUserPaused(!userPaused)}
              aria-label={userPaused ? 'Resume carousel' : 'Pause carousel'}
              aria-pressed={userPaused}
            >
              {userPaused ? <PlayIcon size={18} /> : <PauseIcon />}
            </button>
            <button type="button" className="mk-round-btn" onClick={() => goTo(index + 1)} aria-label="Next sample">
              <ChevronIcon direction="right" />
            </button>
          </div>
        </div>
      </div>
      <div
        ref={regionRef}
        className="mk-carousel"
        role="region"
        aria-roledescription="carousel"
        aria-label="Sample videos"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setHovered(true)}
        onBlur={() => setHovered(false)}
      >
        {/* The track scrolls: it takes the keyboard focus so arrow keys scroll it too. */}
        <ul ref={trackRef} className="mk-carousel__track" data-index={index} aria-live={paused ? 'polite' : 'off'} tabIndex={0} aria-label="Sample videos">
          {slots.map((slot, i) => (
            <SampleCard key={slot.title + i} slot={slot} index={i} />
          ))}
        </ul>
      </div>
    </section>
  );
}
