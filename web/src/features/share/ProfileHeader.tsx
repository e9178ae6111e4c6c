import type { Character } from './queries/group';
import { ShareAvatar } from './ShareAvatar';
import './profile-header.css';

/** The shared profile's header: picture, name, paid badge, group, company and position, region, scopes, intro. */
export function ProfileHeader({ user }: { user: Character }) {
  const where = [user.region, user.prov].filter(Boolean).join(' · ');
  return (
    <header className="profile-header">
      <div className="profile-top">
        <ShareAvatar src={user.user_logo} name={user.user_name} size="lg" />
        <div className="profile-who">
          <h1 className="profile-name">
            {user.user_name}
            {user.is_pay === 1 && <span className="profile-pay">付费会员</span>}
          </h1>
          {(user.company || user.position) && <p className="profile-job">{[user.company, user.position].filter(Boolean).join(' | ')}</p>}
          {user.group_name && <p className="profile-group">所在群：{user.group_name}</p>}
        </div>
      </div>
      {where && <p className="profile-line">所在地区：{where}</p>}
      {user.scope_list.length > 0 && (
        <ul className="profile-scopes" aria-label="关注领域">
          {user.scope_list.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      {user.user_desc && <p className="profile-desc">{user.user_desc}</p>}
    </header>
  );
}
