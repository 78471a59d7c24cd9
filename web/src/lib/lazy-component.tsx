import { lazy, useState, type ComponentType, type ReactElement } from 'react';

/** A component kept in a chunk of its own; `preload()` fetches the chunk ahead of its first render. */
export type LazyComponent<P extends object> = ((props: P) => ReactElement) & { preload: () => Promise<ComponentType<P>> };

/**
 * Code that a page shows only sometimes (a wizard's later steps, the studio of a finished video, a
 * tab nobody opened yet) in its own chunk: rendered, it suspends (its Suspense boundary shows its
 * fallback) until the chunk is in; once `preload()` has brought the chunk, it renders at once, with
 * no fallback shown in between (a page that knows it will need it preloads it first).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  const { preload, loaded } = loadOnce(load);
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Lazy(props: P): ReactElement {
    // Chosen once per mount: a component whose type changed later would lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded() ?? (Suspending as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload });
}

/**
 * A chunk fetched at most once at a time: `preload()` shares the fetch under way, `loaded()` is its
 * module once in; a fetch that failed is tried anew by the next `preload()`.
 */
export function loadOnce<T>(load: () => Promise<T>): { preload: () => Promise<T>; loaded: () => T | undefined } {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = () => {
    pending ??= load().then(
      (value) => {
        module = value;
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { preload, loaded: () => module };
}
