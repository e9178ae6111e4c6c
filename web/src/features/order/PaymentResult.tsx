import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { toast } from '../../ui/toast';
import { lazyChunk } from '../../lib/staleBuild';
import { formatDateTime } from '#shared/dates';
import { OrderOutcome } from './OrderOutcome';
import { orderQueryOptions } from './queries/orders';
import './payment-result.css';

// The QR encoder loads only for a WeChat Native order, not with the order pages (or a shared chunk).
const QRCodeSVG = lazy(lazyChunk(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG }))));

/** How often a pending order is asked again (each ask lets the worker query the provider). */
const POLL_MS = 3000;

/**
 * A real provider's order while it is being paid: WeChat Native's code to scan, or the page the
 * provider's cashier returns to. The worker settles the order from the provider's signed notify (or
 * its own query of the provider); this page asks until the order is paid, then goes back where the
 * purchase started.
 */
export function PaymentResult({ orderId }: { orderId: number }) {
  const options = orderQueryOptions(orderId);
  const { data: first } = useSuspenseQuery(options);
  const { data } = useQuery({ ...options, refetchInterval: (q) => (q.state.data?.status === 'pending' ? POLL_MS : false) });
  const order = data ?? first;
  const queryClient = useQueryClient();
  const router = useRouter();
  const done = useRef(false);

  useEffect(() => {
    if (order.status !== 'paid' || done.current) return;
    done.current = true;
    // New rights and balance everywhere: membership flags, coins, lists gated by VIP.
    void queryClient.invalidateQueries().then(() => {
      toast(order.kind === 'coins' ? `充值成功，${order.coins} 桔子币已到账` : '支付成功，会员权益已生效', { tone: 'success' });
      void router.navigate({ href: order.return_url });
    });
  }, [order, queryClient, router]);

  return (
    <div className="container pay-result-page">
      <section className="pay-result" aria-labelledby="pay-result-title">
        <header className="pay-result-head">
          <h1 id="pay-result-title">{order.provider_label} · 订单支付</h1>
          <p>
            {order.name}，应付 <b>¥{order.amount_yuan}</b>（订单号 {order.order_id}）
          </p>
        </header>
        {order.status === 'pending' ? (
          <div className="pay-result-wait" role="status">
            {order.qr_code ? (
              <>
                <Suspense fallback={<span role="status" style={{ display: 'block', width: 200, height: 200 }} aria-label="二维码加载中" />}>
                  <QRCodeSVG value={order.qr_code} size={200} marginSize={2} title={`${order.provider_label}扫码支付`} />
                </Suspense>
                <p>请使用微信“扫一扫”完成支付，支付成功后页面自动跳转</p>
              </>
            ) : (
              <p>正在确认支付结果…如已完成支付，请稍候；尚未支付可返回重新下单</p>
            )}
            <p className="pay-result-deadline">请在 {formatDateTime(order.expires_at)} 前完成支付，超时订单自动关闭</p>
          </div>
        ) : (
          <OrderOutcome status={order.status} returnUrl={order.return_url} className="pay-result-done" statusPrefix="pay-result" />
        )}
      </section>
    </div>
  );
}
