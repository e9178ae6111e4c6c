import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { requireLogin } from '../../lib/gate';
import { toast } from '../../ui/toast';
import { applyFollowToCache, followStatusFilter, setFollow } from './queries/follows';
import './follow-button.css';

export interface FollowButtonProps {
  comId: number;
  name: string;
  /** From the list page's one status call (followStatusQueryOptions); false for a visitor or while it loads. */
  followed: boolean;
}

/**
 * The follow/favourite button of a company (spec §2 "Failed-company list", type 1).
 * A visitor gets the login dialog; a user toggles '+ 关注' / '已关注'. The label changes once the
 * worker has confirmed, so it never shows a follow that was not saved; errors go through the gate.
 */
export function FollowButton({ comId, name, followed }: FollowButtonProps) {
  const queryClient = useQueryClient();
  // isPending arrives with the next render; a double click must not post twice.
  const sending = useRef(false);
  const toggle = useMutation({
    mutationFn: (follow: boolean) => setFollow(comId, follow),
    // A status answer in flight may predate this change: stop it so it cannot overwrite the result.
    onMutate: () => queryClient.cancelQueries(followStatusFilter(comId)),
    onSuccess: (_data, follow) => {
      applyFollowToCache(queryClient, comId, follow);
      toast(follow ? '已关注' : '已取消关注', { tone: 'success' });
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  const click = () =>
    requireLogin(() => {
      if (sending.current) return;
      sending.current = true;
      toggle.mutate(!followed);
    });

  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm follow-btn${followed ? ' is-followed' : ''}`}
      onClick={click}
      disabled={toggle.isPending}
      aria-pressed={followed}
      aria-label={followed ? `已关注${name}，点击取消关注` : `关注${name}`}
    >
      {followed ? '已关注' : '+ 关注'}
    </button>
  );
}
