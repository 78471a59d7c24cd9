import { useEffect, useState } from 'react';

/**
 * Whether something fetched on first use (a dialog, a drawer) should be mounted: from its first
 * opening on, and for good, so that it can close with its animation.
 */
export function useOnceOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open;
}
