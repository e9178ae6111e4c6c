import { useQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../../worker/src/search/constants';
import { useDebounced } from '../../lib/debounce';
import { LogoBadge } from '../../ui/LogoBadge';
import { searchQueryOptions } from './queries/search';
import { searchOptions, type SearchOption } from './searchOptions';
import './search-box.css';

/**
 * The header's global search (ARIA combobox with a grouped listbox): companies, firms and people by
 * Chinese name, full pinyin or initials. Results follow the input 300 ms after the last keystroke;
 * ↑/↓ move through them, Enter opens the active one (the first when none is active), Escape closes
 * the list (a second Escape clears the box). On phones the list spans the screen under the header.
 */
export function SearchBox() {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const debounced = useDebounced((v: string) => {
    setTerm(v.trim());
    setActive(-1);
  });
  const q = useQuery({ ...searchQueryOptions(term), enabled: term.length > 0 });
  const { groups, flat } = searchOptions(term ? q.data : undefined);
  const showList = open && text.trim().length > 0;

  // A new page closes the list.
  useEffect(() => setOpen(false), [pathname]);
  // A press outside the box closes it (pointer-down, as Radix's dismissable layers do).
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const go = (o: SearchOption) => {
    setOpen(false);
    setText('');
    setTerm('');
    void router.navigate({ href: o.href });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!flat.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : flat.length - 1) : (i + step + flat.length) % flat.length));
    } else if (e.key === 'Enter') {
      const o = flat[active] ?? flat[0];
      if (o && showList) {
        e.preventDefault();
        go(o);
      }
    } else if (e.key === 'Escape') {
      if (showList) setOpen(false);
      else {
        setText('');
        setTerm('');
      }
      setActive(-1);
    }
  };

  const optionId = (o: SearchOption) => `${listId}-${o.key}`;
  const activeOption = flat[active];
  const waiting = text.trim() !== term || (q.isFetching && !q.data);

  return (
    <div className="search-box" ref={root}>
      <input
        // Not type="search": Chromium clears such a field on Escape, which must only close the list here.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        className="search-input"
        role="combobox"
        aria-label="搜索公司、投资机构、人物"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && activeOption ? optionId(activeOption) : undefined}
        placeholder="搜索公司、机构、人物（支持拼音）"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          debounced(e.target.value);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className={`search-panel${showList ? ' is-open' : ''}`} id={listId} role="listbox" aria-label="搜索结果">
        {showList &&
          (waiting && !flat.length ? (
            <p className="search-status" role="status">
              搜索中…
            </p>
          ) : q.isError ? (
            <p className="search-status" role="status">
              {q.error.message}
            </p>
          ) : !flat.length ? (
            <p className="search-status" role="status">
              没有找到与「{term}」相关的公司、机构或人物
            </p>
          ) : (
            groups.map((g) => (
              <div key={g.kind} role="group" aria-labelledby={`${listId}-${g.kind}`} className="search-group">
                <div className="search-group-label" id={`${listId}-${g.kind}`} role="presentation">
                  {g.label}
                </div>
                {g.options.map((o) => (
                  <div
                    key={o.key}
                    id={optionId(o)}
                    role="option"
                    aria-selected={o === activeOption}
                    className={`search-option${o === activeOption ? ' is-active' : ''}`}
                    onPointerDown={(e) => e.preventDefault()}
                    onClick={() => go(o)}
                    onMouseEnter={() => setActive(flat.indexOf(o))}
                  >
                    {o.group !== 'person' ? <LogoBadge src={o.logo} name={o.name} size={28} /> : <span className="search-person-icon" aria-hidden="true">{o.name.slice(0, 1)}</span>}
                    <span className="search-option-text">
                      <span className="search-option-name">
                        {o.name}
                        {o.closed && <span className="search-closed">已关闭</span>}
                      </span>
                      {o.detail && <span className="search-option-detail">{o.detail}</span>}
                    </span>
                  </div>
                ))}
              </div>
            ))
          ))}
      </div>
    </div>
  );
}
