import { Suspense, useEffect, type ReactNode } from 'react';
import { openLogin } from '../../lib/gate';
import { Loading } from '../../ui/Loading';
import { LoginPromptBar } from '../auth/LoginPromptBar';
import { useViewer } from '../auth/me';

/** A user-centre page's content: a visitor gets the login dialog and a prompt instead (like the download centre). */
export function SignedInOnly({ text, children }: { text: string; children: ReactNode }) {
  const viewer = useViewer();
  useEffect(() => {
    if (!viewer.loggedIn) openLogin();
  }, [viewer.loggedIn]);
  if (!viewer.loggedIn) return <LoginPromptBar text={text} />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
