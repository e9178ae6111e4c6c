import { AppLink } from '../../ui/AppLink';
import type { OrderStatus } from './queries/orders';

const OUTCOME: Record<Exclude<OrderStatus, 'pending'>, string> = {
  paid: '支付成功，权益已生效',
  failed: '支付未完成，订单已关闭',
  expired: '订单已过期（超过30分钟未支付）',
  refunded: '订单已退款',
};

/**
 * A settled order's line and its way on: back where the purchase started when paid, else to a new
 * order. The page styles it: `className` on the box, `<statusPrefix>-<status>` beside it.
 */
export function OrderOutcome({ status, returnUrl, className, statusPrefix }: { status: Exclude<OrderStatus, 'pending'>; returnUrl: string; className: string; statusPrefix: string }) {
  return (
    <div className={`${className} ${statusPrefix}-${status}`} role="status">
      <p>{OUTCOME[status]}</p>
      {status === 'paid' ? (
        <AppLink className="btn btn-primary btn-sm" href={returnUrl}>
          返回
        </AppLink>
      ) : (
        <AppLink className="btn btn-primary btn-sm" href="/order">
          重新下单
        </AppLink>
      )}
    </div>
  );
}
