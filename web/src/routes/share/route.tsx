import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { appLinkFor } from '../../features/share/constants';
import { ShareShell } from '../../features/share/ShareShell';

export const Route = createFileRoute('/share')({
  // Phone-first pages of the app with no site header or login (spec §2 "App share page").
  staticData: { ownChrome: true },
  component: ShareLayout,
});

function ShareLayout() {
  const path = useLocation({ select: (l) => l.pathname });
  return (
    <ShareShell appLink={appLinkFor(path)}>
      <Outlet />
    </ShareShell>
  );
}
