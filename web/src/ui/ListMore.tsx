import type { ReactNode } from 'react';
import './list-more.css';

/** The line under a list for '加载更多' / '查看全部' buttons, or for `ListEnd` once everything is shown. */
export function ListMore({ children }: { children: ReactNode }) {
  return <div className="list-more">{children}</div>;
}

/** '已经到底了': the list has no more. */
export function ListEnd({ text = '已经到底了' }: { text?: string }) {
  return <span className="list-end">{text}</span>;
}
