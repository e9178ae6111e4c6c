import { useEffect, useState } from 'react';
import { useDebounced } from '../../lib/debounce';
import './news-search-box.css';

/**
 * The company-name search of the news list: typing updates the box at once and reports the
 * trimmed text INPUT_DEBOUNCE_MS after the last keystroke; a value changed from outside (back button) shows up.
 */
export function NewsSearchBox({ value, onSearch }: { value: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(value);
  const report = useDebounced((next: string) => {
    if (next.trim() !== value) onSearch(next.trim());
  });

  useEffect(() => setText(value), [value]);

  const change = (next: string) => {
    setText(next);
    report(next);
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
