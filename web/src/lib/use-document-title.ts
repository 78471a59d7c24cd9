import { useEffect } from 'react';
import { documentTitle } from '../config/page-heads';

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
