import { holdEarlyInteractions, replayEarlyInteractions } from './early-interactions';

function page(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div><button id="outside">Outside</button>`;
  return document.getElementById('root')!;
}

afterEach(() => replayEarlyInteractions());

/** What React leaves on an element it has taken over (its props). */
function takenOver(...elements: Element[]) {
  for (const element of elements) Object.assign(element, { __reactProps$test: {} });
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('Taps and submits before the app has taken the page over', () => {
  it('holds a tap on a button and does it again once the app is there', () => {
    // Given a prerendered page whose menu button has no handler yet
    const root = page('<button id="menu">Open menu</button>');
    holdEarlyInteractions(root);
    const menu = document.getElementById('menu')!;
    const taps: boolean[] = [];
    // When the visitor taps it, then the app takes over and handles taps
    menu.click();
    menu.addEventListener('click', (event) => taps.push(event.defaultPrevented));
    takenOver(menu);
    replayEarlyInteractions();
    // Then the tap reaches the app once, as a fresh tap
    expect(taps).toEqual([false]);
  });

  it('keeps a form from sending itself the browser way, and has the app send it', () => {
    // Given a prerendered login form (the browser would GET /login?email=…&password=…)
    const root = page('<form><input name="email" value="ada@example.com"><input name="password" value="secret1!"><button type="submit">Login</button></form>');
    holdEarlyInteractions(root);
    const form = root.querySelector('form')!;
    const natural: boolean[] = [];
    form.addEventListener('submit', (event) => natural.push(event.defaultPrevented));
    // When the visitor presses Enter before the app is there
    form.requestSubmit();
    // Then nothing is sent (the submit is cancelled before the form's own listeners see it)
    expect(natural).toEqual([]);
    // And once the app is there, the form is submitted for the app to send
    const sent: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push((form.elements.namedItem('email') as HTMLInputElement).value);
    });
    takenOver(form);
    replayEarlyInteractions();
    expect(sent).toEqual(['ada@example.com']);
  });

  it('waits for the part of the page holding the control to be taken over too', async () => {
    // Given a tap held on the page's menu button
    const root = page('<button id="menu">Open menu</button>');
    holdEarlyInteractions(root);
    const menu = document.getElementById('menu')!;
    menu.click();
    const taps: string[] = [];
    menu.addEventListener('click', () => taps.push('menu'));
    // When the app's frame is there but not yet the part holding the button
    replayEarlyInteractions();
    await nextFrame();
    // Then the tap waits, and is done once that part is taken over
    expect(taps).toEqual([]);
    takenOver(menu);
    await nextFrame();
    expect(taps).toEqual(['menu']);
  });

  it('does only the last action, and nothing for a control gone from the page', () => {
    const root = page('<button id="a">A</button><button id="b">B</button>');
    holdEarlyInteractions(root);
    const a = document.getElementById('a')!;
    const b = document.getElementById('b')!;
    const taps: string[] = [];
    a.click();
    b.click();
    b.remove();
    a.addEventListener('click', () => taps.push('a'));
    b.addEventListener('click', () => taps.push('b'));
    takenOver(a, b);
    replayEarlyInteractions();
    expect(taps).toEqual([]);
  });

  it('leaves links and controls outside the app alone, and lets go once the app is there', () => {
    const root = page('<a id="link" href="#pricing">Pricing</a><button id="menu">Menu</button>');
    holdEarlyInteractions(root);
    const seen: string[] = [];
    document.addEventListener('click', (event) => seen.push(`${(event.target as Element).id}:${event.defaultPrevented}`));
    document.getElementById('link')!.click();
    document.getElementById('outside')!.click();
    replayEarlyInteractions();
    document.getElementById('menu')!.click();
    expect(seen).toEqual(['link:false', 'outside:false', 'menu:false']);
  });
});
