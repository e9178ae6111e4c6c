import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '../lib/api';
import { EmptyState } from './EmptyState';

/**
 * A route's errorComponent: its loader or a suspense query failed. Shows the worker's Chinese
 * message (the gate has already shown its toast or dialog) and 重试, which runs the route's
 * loaders again; failed queries are reset so they fetch again instead of rethrowing.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => reset(), [reset]);
  const msg = isApiError(error) ? error.message : '页面加载失败，请稍后重试';
  return (
    <div className="container" role="alert">
      <EmptyState text={msg}>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void router.invalidate()}>
          重试
        </button>
      </EmptyState>
    </div>
  );
}
