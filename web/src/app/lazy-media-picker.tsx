import { Suspense, type ReactElement } from 'react';
import type { OwnMediaPickerProps } from '../components/ui/own-media-picker';
import { lazyComponent } from '../lib/lazy-component';
import { useOnceOpened } from '../lib/use-once-opened';

const MediaPicker = lazyComponent(() => import('../features/media').then((module) => module.MediaPicker));

/**
 * The media library's picker (OwnMediaPickerContext's value on the pages that offer "Use my own
 * media"), fetched the first time it opens: most visits never open it, and it brings the library,
 * its uploads and a dialog. Once opened it stays mounted, so that it can close with its animation.
 */
export function LazyMediaPicker(props: OwnMediaPickerProps): ReactElement | null {
  if (!useOnceOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <MediaPicker {...props} />
    </Suspense>
  );
}
