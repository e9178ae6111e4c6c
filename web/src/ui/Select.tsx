import { useId } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string> {
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly SelectOption<V>[];
  /** Visible label before the box; also its accessible name. */
  label?: string;
  /** First option meaning 'no choice' (e.g. '全部省份', '排序方式'); selecting it gives ''. */
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/** A labelled native select: keyboard and mobile pickers for free. */
export function Select<V extends string>({ value, onChange, options, label, placeholder, disabled, className }: SelectProps<V>) {
  const id = useId();
  return (
    <span className={`select ${className ?? ''}`}>
      {label && <label htmlFor={id}>{label}</label>}
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V | '')} aria-label={label ? undefined : placeholder}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}
