import { requireLogin } from '../../lib/gate';
import { toast } from '../../ui/toast';

/**
 * The follow/favourite button of a failed company (spec: type 1). The worker has no follow call yet,
 * so the button only checks the login and then says the feature is not open: it never pretends a
 * follow was saved.
 */
export function FollowButton({ name }: { name: string }) {
  const click = () => requireLogin(() => toast('关注功能暂未开放，敬请期待', { tone: 'warning' }));
  return (
    <button type="button" className="btn btn-ghost btn-sm follow-btn" onClick={click} aria-label={`关注${name}`}>
      + 关注
    </button>
  );
}
