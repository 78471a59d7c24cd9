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
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Lazy(props: P): ReactElement {
    // Chosen once per mount: a component whose type changed later would lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Suspending as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload });
}
