import { useSuspenseQuery } from '@tanstack/react-query';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination } from '../../ui/Pagination';
import { formatDateTime } from '#shared/dates';
import { ORDERS_PER_PAGE, ordersQueryOptions } from './queries/orders';
import './order-table.css';

/** The user's orders with their status; a pending one links to its cashier. */
export function OrderTable({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data } = useSuspenseQuery(ordersQueryOptions(page));
  return (
    <section className="orders" aria-labelledby="orders-title">
      <h2 id="orders-title">我的订单</h2>
      {data.page.total === 0 ? (
        <EmptyState text="暂无订单">
          <AppLink className="btn btn-primary btn-sm" href="/order">
            去开通会员
          </AppLink>
        </EmptyState>
      ) : (
        <>
          <div className="orders-wrap">
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col" className="order-col-minor">订单号</th>
                  <th scope="col">商品</th>
                  <th scope="col">金额</th>
                  <th scope="col" className="order-col-minor">下单时间</th>
                  <th scope="col">状态</th>
                </tr>
              </thead>
              <tbody>
                {data.info.map((o) => (
                  <tr key={o.order_id}>
                    <td className="order-col-minor">{o.order_id}</td>
                    <td>{o.name}</td>
                    <td>¥{o.amount_yuan}</td>
                    <td className="order-col-minor">{formatDateTime(o.created_at)}</td>
                    <td>
                      <span className={`order-status order-${o.status}`}>{o.status_text}</span>
                      {o.pay_url && (
                        <AppLink className="order-pay" href={o.pay_url}>
                          去支付
                        </AppLink>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination total={data.page.total} page={page} pageSize={ORDERS_PER_PAGE} onChange={onPage} jumper={false} />
        </>
      )}
    </section>
  );
}
