import { act, render } from '@testing-library/react';
import { beginHydration, endHydration } from './client-value';
import { useMediaQuery } from './media-query';

/** A browser whose width the test sets: `(max-width: Npx)` queries answer from it and report changes. */
function fakeScreen(width: number) {
  const listeners = new Set<() => void>();
  const screen = { width };
  window.matchMedia = ((query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity);
    return {
      get matches() {
        return screen.width <= max;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    resize(to: number) {
      screen.width = to;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
}

function Layout({ seen }: { seen: boolean[] }) {
  const phone = useMediaQuery('(max-width: 767px)');
  seen.push(phone);
  return <p>{phone ? 'phone' : 'desktop'}</p>;
}

describe('Given a page that lays itself out by a media query', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
    endHydration();
  });

  it('should answer from the browser at once on a page drawn without prerendered HTML', () => {
    fakeScreen(390);
    const seen: boolean[] = [];
    render(<Layout seen={seen} />);
    expect(seen[0]).toBe(true);
  });

  it('should answer no while the prerendered HTML is taken over, then what the browser says', async () => {
    fakeScreen(390);
    beginHydration();
    const seen: boolean[] = [];
    const { container } = render(<Layout seen={seen} />);
    expect(seen[0]).toBe(false);
    await act(async () => undefined);
    expect(container).toHaveTextContent('phone');
  });

  it('should follow the window when it crosses the breakpoint, and stop listening once gone', async () => {
    const screen = fakeScreen(1280);
    const { container, unmount } = render(<Layout seen={[]} />);
    expect(container).toHaveTextContent('desktop');
    await act(async () => screen.resize(600));
    expect(container).toHaveTextContent('phone');
    await act(async () => screen.resize(900));
    expect(container).toHaveTextContent('desktop');
    unmount();
    expect(screen.listening()).toBe(0);
  });
});
