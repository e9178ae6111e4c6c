import { isApiError } from '../../lib/api';
import { ShareMessage } from './ShareMessage';

/** A share route's error: NOT_FOUND says the item is gone, anything else that loading failed. */
export function ShareError({ error, what }: { error: unknown; what: '用户' | '动态' }) {
  if (isApiError(error) && error.code === 'NOT_FOUND') {
    return <ShareMessage title={`该${what}不存在`} text={error.message || `该${what}不存在或已被删除`} />;
  }
  if (isApiError(error) && error.code === 'BAD_REQUEST') {
    // The worker's message names the refused field; the reader only needs to know the link is wrong.
    return <ShareMessage title="链接有误" text="请检查分享链接是否完整" />;
  }
  return <ShareMessage title="加载失败" text={isApiError(error) ? error.message : '网络连接失败，请稍后重试'} />;
}
