import { createFileRoute, Outlet } from '@tanstack/react-router';
import { UserCenterNav } from '../../features/order/UserCenterNav';

/** The user centre: its sections' nav above each page (membership and coins, orders, downloads, follows). */
export const Route = createFileRoute('/user-center')({
  component: () => (
    <>
      <UserCenterNav />
      <Outlet />
    </>
  ),
});
