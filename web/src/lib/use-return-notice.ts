import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast, type ToastInput } from './toast';

/**
 * A page reached back from elsewhere (Google sign-in, a platform's consent page) with a note in its
 * query string: one toast, then the note's parameters are dropped so a reload does not repeat it.
 * `noticeFor` answers the toast for the current parameters, or null when there is nothing to say.
 */
export function useReturnNotice(keys: readonly string[], noticeFor: (params: URLSearchParams) => ToastInput | null): void {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !keys.some((key) => params.has(key))) return;
    shown.current = true;
    const notice = noticeFor(params);
    if (notice) toast(notice);
    const rest = new URLSearchParams(params);
    for (const key of keys) rest.delete(key);
    setParams(rest, { replace: true });
  }, [keys, noticeFor, params, setParams]);
}
