import { useEffect } from 'react';

/**
 * Once the visitor starts on the page (their first focus in it: a field, or the button as they
 * press it), the chunks of the page they are about to land on are fetched, alongside their typing or
 * their request: signing in then opens the dashboard at once, not a blank page while its code loads.
 * Not sooner: a visitor who only looks at the page downloads nothing more. (The route table is
 * imported when needed: the auth pages' modules stay free of every page's import.)
 */
export function usePreloadOnFirstFocus(pathname: string): void {
  useEffect(() => {
    const preload = () => void import('./router').then(({ preloadRoute }) => preloadRoute(pathname)).catch(() => undefined);
    document.addEventListener('focusin', preload, { once: true });
    return () => document.removeEventListener('focusin', preload);
  }, [pathname]);
}
