import { useState } from 'react';
import './logo-badge.css';

/**
 * A company or firm logo; without one (or when the image fails) the first character of the name
 * on a colour picked from the name, so rows stay recognisable.
 */
export function LogoBadge({ src, name, size = 48 }: { src?: string | null; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src && !broken) return <img className="logo-badge" src={src} alt="" width={size} height={size} style={style} onError={() => setBroken(true)} />;
  return (
    <span className="logo-badge logo-badge-text" style={{ ...style, background: colorOf(name) }} aria-hidden="true">
      {Array.from(name.trim())[0] ?? '?'}
    </span>
  );
}

const COLORS = ['#ff8a3d', '#5b8ff9', '#5ad8a6', '#9270ca', '#f6bd16', '#e8684a', '#6dc8ec', '#ff9d4d'];

function colorOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return COLORS[h % COLORS.length];
}
