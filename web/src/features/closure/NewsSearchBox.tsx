import { useEffect, useRef, useState } from 'react';
import './news-search-box.css';

/** Spec §9: searches and filters are debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The company-name search of the news list: typing updates the box at once and reports the
 * trimmed text 300 ms after the last keystroke; a value changed from outside (back button) shows up.
 */
export function NewsSearchBox({ value, onSearch }: { value: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = useRef(onSearch);
  report.current = onSearch;

  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next.trim() !== value) report.current(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <input
      className="news-search"
      type="search"
      aria-label="公司名称"
      placeholder="搜索公司名称"
      value={text}
      maxLength={50}
      onChange={(e) => change(e.target.value)}
    />
  );
}
