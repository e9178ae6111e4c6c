/** '超级VIP' or 'VIP' next to a user's name; nothing for a plain account. */
export function MemberBadge({ isVip, svip }: { isVip: boolean; svip: boolean }) {
  if (svip) return <span className="badge badge-svip">超级VIP</span>;
  if (isVip) return <span className="badge badge-vip">VIP</span>;
  return null;
}
