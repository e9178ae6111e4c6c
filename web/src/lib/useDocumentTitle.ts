import { useEffect } from 'react';

/**
 * Sets `document.title` while the calling component is mounted and restores the previous title when
 * it unmounts. The root does not render TanStack Router's <HeadContent />, so pages set their own
 * title with this hook.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => void (document.title = before);
  }, [title]);
}
