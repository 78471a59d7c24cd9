import { lazy, Suspense, type ReactElement } from 'react';
import type { ModalProps } from 'antd';
import { useOnceOpened } from '../../lib/use-once-opened';

const Modal = lazy(() => import('antd/es/modal'));

/**
 * antd's Modal, fetched the first time it opens: the confirmations (delete a series, a video, a
 * scene…) are opened on few visits, and the dialog with its motion and focus handling weighs some
 * 9 KB. Once opened it stays mounted, so that it can close with its animation.
 */
export function LazyModal(props: ModalProps): ReactElement | null {
  if (!useOnceOpened(Boolean(props.open))) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
