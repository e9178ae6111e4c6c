import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PRODUCT } from '../../features/saas/content';

export const Route = createFileRoute('/saas')({
  // The SaaS pages draw their own transparent header and footer (spec §2 "SaaS marketing page").
  staticData: { ownChrome: true },
  component: SaasLayout,
});

function SaasLayout() {
  useEffect(() => {
    const before = document.title;
    document.title = `${PRODUCT.name} - 桔子数据`;
    return () => void (document.title = before);
  }, []);
  return <Outlet />;
}
