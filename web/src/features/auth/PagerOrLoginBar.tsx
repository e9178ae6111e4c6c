import { Pagination, type PaginationProps } from '../../ui/Pagination';
import { LoginPromptBar } from './LoginPromptBar';
import { useToken } from './me';

/**
 * A list's pager, or for a visitor the login prompt bar in its place (spec §2: "if not logged in,
 * a login prompt bar replaces it"). Like the pager, nothing shows when the list fits one page.
 */
export function PagerOrLoginBar({ loginText, ...pager }: PaginationProps & { loginText?: string }) {
  const loggedIn = useToken() !== null;
  if (pager.total <= pager.pageSize) return null;
  if (!loggedIn) return <LoginPromptBar text={loginText} />;
  return <Pagination {...pager} />;
}
