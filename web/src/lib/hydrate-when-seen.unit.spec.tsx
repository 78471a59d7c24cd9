import { act, useEffect, useState, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrateWhenSeen } from './hydrate-when-seen';
import { beginHydration, endHydration } from './client-value';
import { IntersectionObserverStub } from '../../test/setup';

let takenOver: string[];

/** A part of the page that says when React has taken it over, with a button that counts its clicks. */
function Studio({ label }: { label: string }): ReactElement {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    takenOver.push(label);
  }, [label]);
  return (
    <section>
      <h2>{label}</h2>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Clicked {clicks}
      </button>
    </section>
  );
}

function Page({ label = 'Studio' }: { label?: string }): ReactElement {
  return (
    <main>
      <p>The video</p>
      <HydrateWhenSeen>
        <Studio label={label} />
      </HydrateWhenSeen>
    </main>
  );
}

describe('A part of a page taken over when the visitor gets near it', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;

  beforeEach(() => {
    takenOver = [];
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
  });

  afterEach(async () => {
    await act(async () => root?.unmount());
    root = undefined;
    endHydration();
    container.remove();
  });

  /** The server's HTML of the page, then React taking it over. */
  /** The part's element comes within reach of the screen. */
  const bringNear = () => IntersectionObserverStub.trigger(container.querySelector('[data-hydrate-when-seen]')!, true);

  async function serverDrawnPage(): Promise<HTMLButtonElement> {
    container.innerHTML = renderToString(<Page />);
    const button = container.querySelector('button')!;
    beginHydration();
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
    return button;
  }

  it('should keep the part as the server drew it, not taken over, while the visitor is elsewhere on the page', async () => {
    const button = await serverDrawnPage();

    expect(takenOver).toEqual([]);
    expect(container.querySelector('button')).toBe(button);
    expect(button.textContent).toBe('Clicked 0');
  });

  it('should take the part over from its HTML once it comes near the screen', async () => {
    const button = await serverDrawnPage();

    await act(async () => bringNear());

    expect(takenOver).toEqual(['Studio']);
    expect(container.querySelector('button')).toBe(button);
  });

  it('should take the part over at the first click on it, and the click should count', async () => {
    const button = await serverDrawnPage();

    await act(async () => {
      button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
      button.click();
    });

    expect(takenOver).toEqual(['Studio']);
    expect(button.textContent).toBe('Clicked 1');
  });

  it('should keep the server HTML when the page around it changes before it is taken over, then show the change', async () => {
    const button = await serverDrawnPage();

    await act(async () => root!.render(<Page label="Studio, version 2" />));

    expect(container.querySelector('button')).toBe(button);
    expect(container.querySelector('h2')!.textContent).toBe('Studio');

    await act(async () => bringNear());

    expect(container.querySelector('button')).toBe(button);
    expect(container.querySelector('h2')!.textContent).toBe('Studio, version 2');
  });

  it('should draw the part at once when the page is drawn in the browser (opened from another page)', async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });

    expect(takenOver).toEqual(['Studio']);
    expect(container.querySelector('button')!.textContent).toBe('Clicked 0');
  });
});
