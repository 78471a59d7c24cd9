import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntersectionObserverStub } from '../../../../test/setup';
import type { SampleSlot } from '../media';
import { CAROUSEL_INTERVAL_MS, SampleCarousel } from './sample-carousel';

const slots: SampleSlot[] = Array.from({ length: 9 }, (_, i) => ({ title: `Niche ${i + 1}`, src: `/media/sample-${i + 1}.mp4`, poster: { avif: `/media/sample-${i + 1}.avif`, webp: `/media/sample-${i + 1}.webp`, jpeg: `/media/sample-${i + 1}.jpg` } }));
const play = HTMLMediaElement.prototype.play as jest.Mock;
const pause = HTMLMediaElement.prototype.pause as jest.Mock;
const track = () => screen.getByRole('list');
/** The carousel scrolled into view. */
const onScreen = () => act(() => IntersectionObserverStub.trigger(screen.getByRole('region', { name: 'Sample videos' }), true));

beforeEach(() => {
  IntersectionObserverStub.instances = [];
  play.mockClear();
  pause.mockClear();
});

describe('When a sample scrolls into and out of view', () => {
  it('should play only while at least half of it is visible', () => {
    render(<SampleCarousel slots={slots} />);
    const first = screen.getByLabelText('Sample video: Niche 1') as HTMLVideoElement;
    expect(play).not.toHaveBeenCalled();

    act(() => IntersectionObserverStub.trigger(first, true));
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(first);

    act(() => IntersectionObserverStub.trigger(first, false));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(pause.mock.contexts[0]).toBe(first);
  });
});

describe('When the carousel is left alone', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should advance every 3 seconds, and wrap after the ninth', () => {
    render(<SampleCarousel slots={slots} />);
    onScreen();
    expect(track()).toHaveAttribute('data-index', '0');
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(track()).toHaveAttribute('data-index', '0');
    act(() => void jest.advanceTimersByTime(1));
    expect(track()).toHaveAttribute('data-index', '1');
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 8));
    expect(track()).toHaveAttribute('data-index', '0');
  });

  it('should hold still while off screen, and start once scrolled to', () => {
    render(<SampleCarousel slots={slots} />);
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(track()).toHaveAttribute('data-index', '0');
    onScreen();
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(track()).toHaveAttribute('data-index', '1');
  });

  it('should hold still while hovered or paused, and go on when resumed', () => {
    render(<SampleCarousel slots={slots} />);
    onScreen();
    const region = screen.getByRole('region', { name: 'Sample videos' });
    fireEvent.mouseEnter(region);
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(track()).toHaveAttribute('data-index', '0');
    fireEvent.mouseLeave(region);

    fireEvent.click(screen.getByRole('button', { name: 'Pause carousel' }));
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(track()).toHaveAttribute('data-index', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Resume carousel' }));
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(track()).toHaveAttribute('data-index', '1');
  });
});

describe('When the visitor asked for reduced motion', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('should show each sample as its poster with a play button, and put the video with its controls in its place once pressed', () => {
    render(<SampleCarousel slots={slots} />);
    expect(screen.queryByLabelText('Sample video: Niche 1')).toBeNull();
    const start = screen.getByRole('button', { name: 'Play sample video: Niche 1' });
    fireEvent.click(start);
    const video = screen.getByLabelText('Sample video: Niche 1') as HTMLVideoElement;
    expect(video.controls).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(screen.queryByRole('button', { name: 'Play sample video: Niche 1' })).toBeNull();
    // Nothing else started by itself.
    expect(screen.getByRole('button', { name: 'Play sample video: Niche 2' })).toBeInTheDocument();
    act(() => IntersectionObserverStub.trigger(video, true));
    expect(play).not.toHaveBeenCalled();
  });
});
