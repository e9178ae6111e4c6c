import type { Character } from './queries/group';
import { ShareAvatar } from './ShareAvatar';
import './share-item.css';

type Item = Character['dynamic_list'][number];

/** One dynamic in the profile's dynamic tab: author, time, text, picture, likes. */
export function DynamicItem({ item }: { item: Item }) {
  return (
    <article className="share-item">
      <div className="share-item-head">
        <ShareAvatar src={item.user_logo} name={item.user_name} size="sm" />
        <div>
          <p className="share-item-name">{item.user_name}</p>
          <time className="share-item-time">{item.ctime}</time>
        </div>
      </div>
      <p className="share-item-text">{item.dynamic_desc}</p>
      {item.dynamic_img && <img className="share-item-img" src={item.dynamic_img} alt="" />}
      <p className="share-item-meta">
        {item.type === 2 && <span className="share-item-tag">项目推荐</span>}
        <span>赞 {item.praise_num}</span>
      </p>
    </article>
  );
}
