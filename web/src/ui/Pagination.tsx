import { useState, type FormEvent } from 'react';

export interface PaginationProps {
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Called with the wanted page; gate it (`requireLogin`, non-VIP page limit) in the caller. */
  onChange: (page: number) => void;
  /** The '跳至 N 页' box; on by default (spec: prev, pager, next, jumper). */
  jumper?: boolean;
}

/** Page numbers to show: always the first and last, the current one with two neighbours, gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...wanted].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  list.forEach((p, i) => {
    if (i > 0 && p - list[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** Prev, page numbers, next and a jumper. Renders nothing when everything fits on one page. */
export function Pagination({ total, page, pageSize, onChange, jumper = true }: PaginationProps) {
  const [jump, setJump] = useState('');
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  const go = (p: number) => {
    const target = Math.min(Math.max(1, p), pages);
    if (target !== page) onChange(target);
  };
  const submitJump = (e: FormEvent) => {
    e.preventDefault();
    const n = Number.parseInt(jump, 10);
    if (Number.isFinite(n)) go(n);
    setJump('');
  };
  return (
    <nav className="pagination" aria-label="分页">
      <button type="button" className="page-btn" onClick={() => go(page - 1)} disabled={page <= 1}>
        上一页
      </button>
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap${i}`} className="page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            type="button"
            key={p}
            className={`page-btn${p === page ? ' is-current' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`第 ${p} 页`}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="page-btn" onClick={() => go(page + 1)} disabled={page >= pages}>
        下一页
      </button>
      {jumper && (
        <form className="page-jumper" onSubmit={submitJump}>
          <label>
            跳至
            <input type="number" inputMode="numeric" min={1} max={pages} value={jump} onChange={(e) => setJump(e.target.value)} aria-label="跳转页码" />
            页
          </label>
          <button type="submit" className="page-btn">
            确定
          </button>
        </form>
      )}
    </nav>
  );
}
