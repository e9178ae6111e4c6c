import './incense-icon.css';

/** A small burning incense stick, before 上香 and 上香榜. */
export function IncenseIcon() {
  return <span className="incense-icon" aria-hidden="true" />;
}
