import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

/**
 * A link to any SPA path given as a plain href (`/order?from=health`, `/deathCompany`), navigated
 * client-side. Use TanStack's typed <Link to> for routes of your own area; use this for links across
 * areas that may not be registered yet and for hrefs built as strings. Modified clicks and
 * target=_blank keep the browser's behaviour.
 */
export function AppLink({ href, onClick, target, ...rest }: AppLinkProps) {
  const router = useRouter();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || target === '_blank' || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} target={target} onClick={handle} {...rest} />;
}
