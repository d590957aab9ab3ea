import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { FeedVideo, VideoStill } from './video';

/** The IntersectionObserver of the page: the test says how much of the video is in view. */
let reportInView: (ratio: number) => void = () => undefined;

class ViewportStub {
  constructor(private readonly callback: IntersectionObserverCallback) {
    reportInView = (ratio) =>
      this.callback(
        [{ isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

function setMedia({ reduceMotion = false, saveData = false } = {}) {
  window.matchMedia = ((query: string) => ({
    matches: reduceMotion && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  Object.defineProperty(navigator, 'connection', { value: { saveData }, configurable: true });
}

beforeEach(() => {
  globalThis.IntersectionObserver = ViewportStub as unknown as typeof IntersectionObserver;
  setMedia();
  // jsdom plays no media: the element's own play() and pause() are recorded, and fire their events.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'connection');
});

const video = () => screen.getByLabelText('Outfit by maya, 1 of 1') as HTMLVideoElement;

describe('a video in the feed', () => {
  it('plays muted while most of it is in view and pauses when it leaves, without native controls', () => {
    render(<FeedVideo src="/media/a.mp4" label="Outfit by maya, 1 of 1" />);
    expect(video().controls).toBe(false);
    expect(video().muted).toBe(true);
    act(() => reportInView(0.3));
    expect(play).not.toHaveBeenCalled();
    act(() => reportInView(0.8));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeInTheDocument();
    act(() => reportInView(0.2));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play video' })).toBeInTheDocument();
  });

  it('turns the sound on with a tap on the picture or the sound button, and off again', () => {
    render(<FeedVideo src="/media/a.mp4" label="Outfit by maya, 1 of 1" />);
    fireEvent.click(video());
    expect(video().muted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Turn sound off' }));
    expect(video().muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Turn sound on' })).toBeInTheDocument();
  });

  it('keeps a double tap for the like and a single tap for the sound', async () => {
    vi.useFakeTimers();
    try {
      const onDoubleTap = vi.fn();
      render(<FeedVideo src="/media/a.mp4" label="Outfit by maya, 1 of 1" onDoubleTap={onDoubleTap} />);
      // A finger's taps (detail 1 and 2), as the browser reports them.
      fireEvent.click(video(), { detail: 1 });
      fireEvent.click(video(), { detail: 2 });
      expect(onDoubleTap).toHaveBeenCalledTimes(1);
      expect(video().muted).toBe(true);
      fireEvent.click(video(), { detail: 1 });
      act(() => vi.advanceTimersByTime(400));
      expect(onDoubleTap).toHaveBeenCalledTimes(1);
      expect(video().muted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  for (const [what, media] of [
    ['reduced motion', { reduceMotion: true }],
    ['a data saver', { saveData: true }],
  ] as const) {
    it(`starts nothing on its own for someone with ${what}; the play button does`, () => {
      setMedia(media);
      render(<FeedVideo src="/media/a.mp4" label="Outfit by maya, 1 of 1" />);
      act(() => reportInView(1));
      expect(play).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
      expect(play).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('button', { name: 'Pause video' }));
      expect(pause).toHaveBeenCalled();
    });
  }

  it('a video paused by the person stays paused when it scrolls back into view', () => {
    render(<FeedVideo src="/media/a.mp4" label="Outfit by maya, 1 of 1" />);
    act(() => reportInView(1));
    fireEvent.click(screen.getByRole('button', { name: 'Pause video' }));
    act(() => reportInView(0));
    act(() => reportInView(1));
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('names its buttons in Hebrew', async () => {
    await i18n.changeLanguage('he');
    render(<FeedVideo src="/media/a.mp4" label="לוק" />);
    expect(screen.getByRole('button', { name: 'הפעלת הסרטון' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'הפעלת הקול' })).toBeInTheDocument();
  });
});

describe('a video in a grid', () => {
  it('shows its first frame with a play mark, never controls, and never plays', () => {
    render(<VideoStill src="/media/a.mp4" label="Outfit by maya, 1 of 1" />);
    act(() => reportInView(1));
    expect(video().controls).toBe(false);
    expect(video().getAttribute('src')).toBe('/media/a.mp4#t=0.001');
    expect(screen.getByTestId('video-mark')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it("shows the server's poster instead of loading the video", () => {
    const { container } = render(
      <VideoStill src="/media/a.mp4" poster="/media/a.0.poster.jpg" label="Outfit by maya, 1 of 1" />,
    );
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByRole('img', { name: 'Outfit by maya, 1 of 1' })).toHaveAttribute(
      'src',
      '/media/a.0.poster.jpg',
    );
    expect(screen.getByTestId('video-mark')).toBeInTheDocument();
  });
});

describe('a video still being transcoded', () => {
  it('tells its author in the feed and in a grid, in English and Hebrew', async () => {
    await i18n.changeLanguage('en');
    const { unmount } = render(<FeedVideo src="/media/a.webm" label="Look" processing />);
    expect(screen.getByRole('status')).toHaveTextContent('Processing video…');
    unmount();
    await i18n.changeLanguage('he');
    render(<VideoStill src="/media/a.webm" label="לוק" processing />);
    expect(screen.getByRole('status')).toHaveTextContent('מעבד את הסרטון…');
  });

  it('says nothing once it is ready', () => {
    render(<FeedVideo src="/media/a.mp4" poster="/media/a.jpg" label="Outfit by maya, 1 of 1" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(video().getAttribute('poster')).toBe('/media/a.jpg');
  });
});
