/**
 * Web component tests (jest project `web`, jsdom). jsdom lacks the fetch/streams globals msw and RTK Query
 * need, and the browser APIs antd and the landing page use; we take Node's own implementations from the
 * outer realm (what jest-fixed-jsdom does) and stub the layout observers.
 */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// Node's global object (outside the jsdom realm): reached through a function created by Node itself.
const nodeGlobal = (TextEncoder as unknown as { constructor: FunctionConstructor }).constructor('return globalThis')() as typeof globalThis;

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'TextEncoderStream',
  'Blob',
  'File',
  'structuredClone',
  'URL',
  'URLSearchParams',
] as const;
for (const key of fromNode) {
  const value = (nodeGlobal as unknown as Record<string, unknown>)[key];
  if (value !== undefined) Object.defineProperty(globalThis, key, { value, writable: true, configurable: true });
}
// msw opens a BroadcastChannel when it loads; Node's would keep jest's worker alive after the tests,
// so it is unref'd. MessageChannel is left out on purpose: React's scheduler would use it and its
// ports hold the process open too; without it React schedules with setTimeout.
const NodeBroadcastChannel = (nodeGlobal as unknown as { BroadcastChannel: typeof BroadcastChannel }).BroadcastChannel;
class UnrefBroadcastChannel extends NodeBroadcastChannel {
  constructor(name: string) {
    super(name);
    (this as unknown as { unref(): void }).unref();
  }
}
Object.defineProperty(globalThis, 'BroadcastChannel', { value: UnrefBroadcastChannel, writable: true, configurable: true });
Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, writable: true, configurable: true });
Object.defineProperty(globalThis, 'TextDecoder', { value: TextDecoder, writable: true, configurable: true });

// antd (responsive observers) and the landing page (media queries).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true, configurable: true });

/** IntersectionObserver stub that tests can drive: `IntersectionObserverStub.trigger(el, true)`. */
export class IntersectionObserverStub {
  static instances: IntersectionObserverStub[] = [];
  readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    IntersectionObserverStub.instances.push(this);
  }
  observe(el: Element) {
    this.elements.add(el);
  }
  unobserve(el: Element) {
    this.elements.delete(el);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  static trigger(el: Element, visible: boolean) {
    for (const obs of IntersectionObserverStub.instances) {
      if (!obs.elements.has(el)) continue;
      obs.callback(
        [{ target: el, isIntersecting: visible, intersectionRatio: visible ? 1 : 0 } as unknown as IntersectionObserverEntry],
        obs as unknown as IntersectionObserver,
      );
    }
  }
}
Object.defineProperty(globalThis, 'IntersectionObserver', { value: IntersectionObserverStub, writable: true, configurable: true });

// jsdom has no media playback.
Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, writable: true, value: jest.fn(() => Promise.resolve()) });
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, writable: true, value: jest.fn() });
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};
if (!window.getComputedStyle) window.getComputedStyle = () => ({}) as CSSStyleDeclaration;

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split('; ').forEach((c) => {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
});

// jsdom has no PointerEvent: without it fireEvent.pointer* drops clientX (toast swipe tests).
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill, writable: true, configurable: true });
}

// A test's time limit: `testTimeout` is a global option of jest, ignored in a project's config, so
// these component tests ran under the default 5 s, which a loaded CI machine's renders can outlast.
jest.setTimeout(20_000);
