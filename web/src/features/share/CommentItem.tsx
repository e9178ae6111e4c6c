import type { Character } from './queries/group';
import { ShareItemHead } from './ShareItemHead';
import './share-item.css';

type Item = Character['comment_list'][number];

/** One comment in the profile's comment tab: what was said, and the company or post it was said on. */
export function CommentItem({ item }: { item: Item }) {
  return (
    <article className="share-item">
      <ShareItemHead logo={item.user_logo} name={item.user_name} time={item.ctime} />
      <p className="share-item-text">{item.dynamic_desc}</p>
      {item.item_desc && (
        <div className="share-item-quote">
          {item.item_logo && <img src={item.item_logo} alt="" />}
          <span>{item.item_desc}</span>
        </div>
      )}
      <p className="share-item-meta">
        <span>赞 {item.praise_num}</span>
      </p>
    </article>
  );
}
