import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { toast } from '../../ui/toast';
import { formatDateTime } from '#shared/dates';
import { OrderOutcome } from './OrderOutcome';
import { orderQueryOptions, sandboxPay } from './queries/orders';
import './sandbox-cashier.css';

/**
 * The sandbox provider's cashier (/pay/sandbox/{order_id}), standing in for Alipay's or WeChat's
 * page: approve or decline. The worker then receives the provider's signed callback; the page
 * shows the order as the worker settled it and, once paid, goes back where the purchase started.
 */
export function SandboxCashier({ orderId }: { orderId: number }) {
  const { data: order } = useSuspenseQuery(orderQueryOptions(orderId));
  const queryClient = useQueryClient();
  const router = useRouter();
  const pay = useMutation({
    mutationFn: (action: 'approve' | 'decline') => sandboxPay(orderId, action),
    onSuccess: async ({ order: after }) => {
      queryClient.setQueryData(orderQueryOptions(orderId).queryKey, after);
      if (after.status !== 'paid') return;
      // New rights and balance everywhere: membership flags, coins, lists gated by VIP.
      await queryClient.invalidateQueries();
      toast(after.kind === 'coins' ? `充值成功，${after.coins} 桔子币已到账` : '支付成功，会员权益已生效', { tone: 'success' });
      void router.navigate({ href: after.return_url });
    },
  });

  return (
    <div className="container cashier-page">
      <section className="cashier" aria-labelledby="cashier-title">
        <header className="cashier-head">
          <h1 id="cashier-title">桔子支付 · 沙箱收银台</h1>
          <p>本地沙箱支付渠道，不产生真实扣款。确认后由渠道向服务器发送签名回调。</p>
        </header>
        <dl className="cashier-order">
          <div>
            <dt>商品</dt>
            <dd>{order.name}</dd>
          </div>
          <div>
            <dt>订单号</dt>
            <dd>{order.order_id}</dd>
          </div>
          <div>
            <dt>购买内容</dt>
            <dd>{order.grants}</dd>
          </div>
          {order.status === 'pending' && (
            <div>
              <dt>支付时限</dt>
              <dd>{formatDateTime(order.expires_at)} 前</dd>
            </div>
          )}
        </dl>
        <p className="cashier-amount">
          应付金额 <b>¥{order.amount_yuan}</b>
        </p>
        {order.status === 'pending' ? (
          <div className="cashier-actions">
            <button type="button" className="btn btn-primary" disabled={pay.isPending} onClick={() => pay.mutate('approve')}>
              {pay.isPending && pay.variables === 'approve' ? '支付中…' : `确认支付 ¥${order.amount_yuan}`}
            </button>
            <button type="button" className="btn btn-ghost" disabled={pay.isPending} onClick={() => pay.mutate('decline')}>
              拒绝支付
            </button>
          </div>
        ) : (
          <OrderOutcome status={order.status} returnUrl={order.return_url} className="cashier-result" statusPrefix="cashier" />
        )}
      </section>
    </div>
  );
}
