import { ShareAvatar } from './ShareAvatar';
import './share-item.css';

/** The author line of a dynamic or a comment on the share pages: avatar, name, time. */
export function ShareItemHead({ logo, name, time }: { logo: string; name: string; time: string }) {
  return (
    <div className="share-item-head">
      <ShareAvatar src={logo} name={name} size="sm" />
      <div>
        <p className="share-item-name">{name}</p>
        <time className="share-item-time">{time}</time>
      </div>
    </div>
  );
}
