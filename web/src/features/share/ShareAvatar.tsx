import './share-avatar.css';

/** A user's picture, or the first character of the name on a coloured disc when there is none. */
export function ShareAvatar({ src, name, size = 'md' }: { src: string; name: string; size?: 'sm' | 'md' | 'lg' }) {
  const cls = `share-avatar share-avatar-${size}`;
  if (src) return <img className={cls} src={src} alt="" />;
  const hue = [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
  return (
    <span className={cls} style={{ background: `hsl(${hue} 55% 58%)` }} aria-hidden="true">
      {[...name][0] ?? '桔'}
    </span>
  );
}
