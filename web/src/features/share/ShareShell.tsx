import { useEffect, useState, type ReactNode } from 'react';
import { OpenAppMask } from './OpenAppMask';
import './share-shell.css';

/**
 * The share pages' wrapper: phone-first, root font size 10vw (capped so a desktop window shows a
 * centred phone-width column). Tapping anywhere on it shows the mask asking to open the app;
 * after '再看看' the next tap shows it again. The page's own tabs switch instead.
 */
export function ShareShell({ children, appLink }: { children: ReactNode; appLink: string }) {
  const [mask, setMask] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('share-root');
    return () => root.classList.remove('share-root');
  }, []);
  return (
    <div
      className="share-shell"
      onClick={(e) => {
        // The mask is portalled out of the wrapper: its clicks bubble here through React, not the DOM.
        if (!e.currentTarget.contains(e.target as Node)) return;
        if ((e.target as Element).closest('[role="tab"]')) return;
        setMask(true);
      }}
    >
      <div className="share-column">{children}</div>
      <OpenAppMask open={mask} onOpenChange={setMask} appLink={appLink} />
    </div>
  );
}
