import type { Character } from './queries/group';
import { ShareItemHead } from './ShareItemHead';
import './share-item.css';

type Item = Character['dynamic_list'][number];

/** One dynamic in the profile's dynamic tab: author, time, text, picture, likes. */
export function DynamicItem({ item }: { item: Item }) {
  return (
    <article className="share-item">
      <ShareItemHead logo={item.user_logo} name={item.user_name} time={item.ctime} />
      <p className="share-item-text">{item.dynamic_desc}</p>
      {item.dynamic_img && <img className="share-item-img" src={item.dynamic_img} alt="" />}
      <p className="share-item-meta">
        {item.type === 2 && <span className="share-item-tag">项目推荐</span>}
        <span>赞 {item.praise_num}</span>
      </p>
    </article>
  );
}
