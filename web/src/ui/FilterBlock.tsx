import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useRequireVip } from '../lib/gate';
import './filter-block.css';

/** An item of the block: `{<typeName>_id, <typeName>_name, ...}`, e.g. {tag_id, tag_name} or {album_id, album_name}. */
export type FilterItem = Record<string, unknown>;

export interface FilterBlockProps<T extends FilterItem> {
  title: string;
  items: readonly T[];
  /** Names the id and name fields: 'tag' -> tag_id / tag_name (default), 'album' -> album_id / album_name. */
  typeName?: string;
  /** Column span out of 24: 24 = one column (default), 12 = two columns, 8 = three … */
  span?: number;
  align?: 'left' | 'center' | 'right';
  /** Items shown while collapsed (spec: 1). */
  visibleCount?: number;
  /** Select the first item (and emit it) once the items are there. */
  autoSelect?: boolean;
  /**
   * The selection from outside. When it changes the selection becomes that name, or nothing
   * (a custom marker) when it is '', and auto-select turns off. undefined = not given.
   */
  selectedName?: string;
  /** Called with a copy of the chosen item. */
  onChange?: (item: T) => void;
  /** The area for the membership prompt's /order?from= link; the current page's area by default. */
  from?: string;
}

/** The selection when the name passed in is empty: matches no item, so nothing is highlighted. */
export const CUSTOM_SELECTION = '\u0000custom';

const GRID_COLUMNS = 24;

/**
 * The side-panel filter block (spec §2 "Shared filter block", §4): a title and selectable items in
 * one or more columns. Collapsed it shows `visibleCount` items; only a VIP can expand it to all
 * (查看全部(VIP)) and collapse it again (收起); anyone else who tries gets the membership dialog.
 */
export function FilterBlock<T extends FilterItem>({
  title,
  items,
  typeName = 'tag',
  span = 24,
  align = 'left',
  visibleCount = 1,
  autoSelect = false,
  selectedName,
  onChange,
  from,
}: FilterBlockProps<T>) {
  const idKey = `${typeName}_id`;
  const nameKey = `${typeName}_name`;
  const nameOf = (item: T) => String(item[nameKey] ?? '');
  const [selected, setSelected] = useState<string | undefined>(selectedName === undefined ? undefined : selectedName || CUSTOM_SELECTION);
  const [expanded, setExpanded] = useState(false);
  const autoRef = useRef(autoSelect && selectedName === undefined);
  const requireVip = useRequireVip(from);

  // A name passed in wins over auto-select, now and later.
  const lastName = useRef(selectedName);
  useEffect(() => {
    if (selectedName === lastName.current) return;
    lastName.current = selectedName;
    if (selectedName === undefined) return;
    autoRef.current = false;
    setSelected(selectedName || CUSTOM_SELECTION);
  }, [selectedName]);

  useEffect(() => {
    if (!autoRef.current || items.length === 0) return;
    autoRef.current = false;
    const first = items[0];
    setSelected(nameOf(first));
    onChange?.({ ...first });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the items first arrive; later renders' callbacks do not matter here
  }, [items]);

  const choose = (item: T) => {
    setSelected(nameOf(item));
    onChange?.({ ...item });
  };

  const canExpand = items.length > visibleCount;
  const shown = expanded ? items : withSelected(items, visibleCount, (i) => nameOf(i) === selected);
  const columns = Math.max(1, Math.round(GRID_COLUMNS / Math.min(Math.max(span, 1), GRID_COLUMNS)));
  const style = { '--filter-columns': columns, textAlign: align } as CSSProperties;

  return (
    <section className="filter-block" aria-label={title}>
      <h3 className="filter-block-title">{title}</h3>
      <ul className="filter-block-items" style={style}>
        {shown.map((item) => {
          const name = nameOf(item);
          const active = name === selected;
          return (
            <li key={String(item[idKey] ?? name)}>
              <button type="button" className={`filter-item${active ? ' is-active' : ''}`} aria-pressed={active} onClick={() => choose(item)} title={name}>
                {name}
              </button>
            </li>
          );
        })}
      </ul>
      {canExpand &&
        (expanded ? (
          <button type="button" className="filter-block-toggle" onClick={() => setExpanded(false)}>
            收起
          </button>
        ) : (
          <button
            type="button"
            className="filter-block-toggle"
            onClick={() => void requireVip(() => setExpanded(true))}
          >
            查看全部(VIP)
          </button>
        ))}
    </section>
  );
}

/** The first `count` items, plus the selected one if it lies further down (so the choice stays visible). */
function withSelected<T>(items: readonly T[], count: number, isSelected: (item: T) => boolean): readonly T[] {
  const head = items.slice(0, count);
  if (head.some(isSelected)) return head;
  const picked = items.find(isSelected);
  return picked ? [...head, picked] : head;
}
