import { act, render } from '@testing-library/react';
import { beginHydration, endHydration, useClientValue, useHydrated } from './client-value';

/** Records every value it renders with. */
function Probe({ seen, inBrowser, subscribe }: { seen: unknown[]; inBrowser: () => string; subscribe?: (change: () => void) => () => void }) {
  const value = useClientValue(inBrowser, 'at build', subscribe);
  const hydrated = useHydrated();
  seen.push(`${value} ${hydrated ? 'hydrated' : 'prerendered'}`);
  return <p>{value}</p>;
}

describe('When a component reads a value from the browser', () => {
  afterEach(() => endHydration());

  it('should start from the prerendered value on a page taken over from its HTML, then follow the browser', async () => {
    beginHydration();
    const seen: unknown[] = [];
    const { container } = render(<Probe seen={seen} inBrowser={() => 'in browser'} />);
    expect(seen[0]).toBe('at build prerendered');
    await act(async () => undefined);
    expect(seen.at(-1)).toBe('in browser hydrated');
    expect(container).toHaveTextContent('in browser');
  });

  it('should start from the prerendered value for a part of that page mounted later, until the visitor leaves it', async () => {
    beginHydration();
    const first: unknown[] = [];
    render(<Probe seen={first} inBrowser={() => 'in browser'} />);
    await act(async () => undefined);
    // A part whose code arrived later is taken over from its HTML later: it must match it.
    const late: unknown[] = [];
    render(<Probe seen={late} inBrowser={() => 'in browser'} />);
    expect(late[0]).toBe('at build prerendered');
    // On the next page, a component reads the browser at once.
    endHydration();
    const next: unknown[] = [];
    render(<Probe seen={next} inBrowser={() => 'in browser'} />);
    expect(next).toEqual(['in browser hydrated']);
  });

  it('should read the browser from the first render on a page drawn without prerendered HTML', () => {
    const seen: unknown[] = [];
    render(<Probe seen={seen} inBrowser={() => 'in browser'} />);
    expect(seen[0]).toBe('in browser hydrated');
  });

  it('should follow a change the browser reports (a media query that starts to match)', async () => {
    let current = 'wide';
    let tell: () => void = () => undefined;
    const subscribe = (change: () => void) => {
      tell = change;
      return () => undefined;
    };
    const seen: unknown[] = [];
    const { container } = render(<Probe seen={seen} inBrowser={() => current} subscribe={subscribe} />);
    expect(container).toHaveTextContent('wide');
    current = 'narrow';
    await act(async () => tell());
    expect(container).toHaveTextContent('narrow');
  });
});
