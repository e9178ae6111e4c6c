import { useRouter } from '@tanstack/react-router';
import { EmptyState } from '../../ui/EmptyState';

/** The order area's route error component: the gate already showed the reason; offer a retry. */
export function LoadFailed() {
  const router = useRouter();
  return (
    <div className="container">
      <EmptyState text="加载失败，请稍后重试">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void router.invalidate()}>
          重试
        </button>
      </EmptyState>
    </div>
  );
}
