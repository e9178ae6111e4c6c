import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useDebounced } from '../../lib/debounce';
import { requireLogin } from '../../lib/gate';
import { Select } from '../../ui/Select';
import type { ClosureSort } from '../../../../worker/src/closure/constants';
import { CLOSURE_SORT_OPTIONS, toClosureSort } from './closureSort';
import { closureFiltersQueryOptions } from './queries/filters';
import './closure-filter-bar.css';

export interface ClosureFilterValues {
  com_prov?: string;
  cat_id?: number;
  fund_status?: number;
  sort: ClosureSort;
  keyword?: string;
}

export interface ClosureFilterBarProps {
  /** The filters in force (from the URL). */
  value: ClosureFilterValues;
  /** Called INPUT_DEBOUNCE_MS after the last change, with the whole new set. */
  onChange: (next: ClosureFilterValues) => void;
  /** Buttons at the end of the bar (the download button). */
  actions?: ReactNode;
}

const sameFilters = (a: ClosureFilterValues, b: ClosureFilterValues) =>
  a.com_prov === b.com_prov && a.cat_id === b.cat_id && a.fund_status === b.fund_status && a.sort === b.sort && (a.keyword ?? '') === (b.keyword ?? '');

/**
 * Province, sector, round, sort and company-name search of the closed-company list. The boxes
 * follow the user's input at once; the URL (and so the request) follows INPUT_DEBOUNCE_MS after the last
 * change. A visitor's change opens the login dialog and leaves the filters as they were; a visitor may
 * only empty the search box (back to the default list from a shared link's company name).
 */
export function ClosureFilterBar({ value, onChange, actions }: ClosureFilterBarProps) {
  const options = useQuery(closureFiltersQueryOptions());
  const [draft, setDraft] = useState(value);
  const apply = useDebounced((next: ClosureFilterValues) => onChange({ ...next, keyword: next.keyword?.trim() || undefined }));

  // The URL changed from outside (a ?company= link, back/forward): show what is in force.
  useEffect(() => {
    setDraft((d) => (sameFilters(d, value) ? d : value));
  }, [value]);

  const change = (patch: Partial<ClosureFilterValues>) => {
    // Emptying the search box asks for nothing a visitor may not see (a shared link's name gives way
    // to the default list); any other change needs login.
    const clearsKeyword = Object.keys(patch).length === 1 && 'keyword' in patch && !patch.keyword?.trim();
    if (!clearsKeyword && !requireLogin()) return;
    const next = { ...draft, ...patch };
    setDraft(next);
    apply(next);
  };

  const provinces = (options.data?.provinces ?? []).map((p) => ({ value: p, label: p }));
  const sectors = (options.data?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const rounds = (options.data?.fund_statuses ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const num = (v: string) => (v === '' ? undefined : Number(v));

  return (
    <div className="closure-filters" role="search" aria-label="筛选死亡公司">
      <Select label="地区" placeholder="全部地区" value={draft.com_prov ?? ''} options={provinces} onChange={(v) => change({ com_prov: v || undefined })} />
      <Select label="行业" placeholder="全部行业" value={draft.cat_id ? String(draft.cat_id) : ''} options={sectors} onChange={(v) => change({ cat_id: num(v) })} />
      <Select label="轮次" placeholder="全部轮次" value={draft.fund_status ? String(draft.fund_status) : ''} options={rounds} onChange={(v) => change({ fund_status: num(v) })} />
      <Select label="排序" value={`${draft.sort}` as const} options={CLOSURE_SORT_OPTIONS} onChange={(v) => change({ sort: toClosureSort(v) ?? 1 })} />
      <input
        type="search"
        className="closure-search"
        aria-label="搜索公司名称"
        placeholder="搜索公司名称"
        maxLength={50}
        value={draft.keyword ?? ''}
        onChange={(e) => change({ keyword: e.target.value })}
      />
      {actions && <div className="closure-filter-actions">{actions}</div>}
    </div>
  );
}
