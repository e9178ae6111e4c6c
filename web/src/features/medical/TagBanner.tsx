import type { TagBasic } from './queries/info';
import { TagFigures } from './TagFigures';
import './tag-banner.css';

/** The banner of /health (the area) or of a tag page: name, description, companies, events, total funding. */
export function TagBanner({ basic, kicker }: { basic: TagBasic; kicker?: string }) {
  return (
    <div className="tag-banner">
      {kicker && <p className="tag-banner-kicker">{kicker}</p>}
      <h1>{basic.name}</h1>
      <p className="tag-banner-desc">{basic.desc}</p>
      <TagFigures basic={basic} className="tag-banner-figures" />
    </div>
  );
}
