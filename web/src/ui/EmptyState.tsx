import type { ReactNode } from 'react';

/** The 'no data' placeholder of every empty list. */
export function EmptyState({ text = '暂无数据', children }: { text?: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <div className="empty-icon" aria-hidden="true" />
      <p>{text}</p>
      {children}
    </div>
  );
}
