import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { DIGEST_NAME, DIGEST_SCHEDULE_TEXT, DIGEST_SEND_HOUR, SUBSCRIBE_MESSAGES } from '../../../worker/src/digest/constants';
import { useToken, useViewer } from '../features/auth/me';
import { HealthNav } from '../features/digest/HealthNav';
import { SampleReport } from '../features/digest/SampleReport';
import { POPUP, SubscribeDialog, type Popup } from '../features/digest/SubscribeDialog';
import { subscribeCall, subscriptionQueryOptions, unsubscribeCall, type SubscriptionState } from '../features/digest/queries/subscription';
import { isApiError } from '../lib/api';
import { gateStore, handleApiError, openLogin, orderHref, requireLogin } from '../lib/gate';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { AppLink } from '../ui/AppLink';
import { toast } from '../ui/toast';
import './health-subscription.css';

export const Route = createFileRoute('/health-subscription')({
  // unsubscribe=1: arrived from an e-mail's unsubscribe link that expired or went stale (worker/src/digest/page.ts).
  validateSearch: (search: Record<string, unknown>): { unsubscribe?: 1 } => (String(search.unsubscribe) === '1' ? { unsubscribe: 1 } : {}),
  component: HealthSubscriptionPage,
});

/**
 * Spec "Healthcare subscription page": the sample daily report, the '动态订阅' / '取消订阅' button,
 * the popups (0 closed, 1 e-mail, 2 thank-you, 3 not a member) and the footer about working days.
 * A visitor gets the login dialog on arrival, a signed-in non-member the upgrade popup (spec §2, §6);
 * the worker decides in the end (subscribe answers LOGIN_REQUIRED / VIP_REQUIRED / BAD_REQUEST).
 */
function HealthSubscriptionPage() {
  useDocumentTitle(`动态订阅 - ${DIGEST_NAME}`);
  const token = useToken();
  const viewer = useViewer();
  const fromLink = Route.useSearch().unsubscribe === 1;
  const queryClient = useQueryClient();
  const options = subscriptionQueryOptions(token);
  const state = useQuery(options);
  const [popup, setPopup] = useState<Popup>(POPUP.closed);
  const [error, setError] = useState<string | null>(null);
  const subscribed = state.data?.status === 1;

  useEffect(() => {
    if (token === null && gateStore.get() === null) openLogin();
  }, [token]);

  // Once per visit: a signed-in non-member is shown the upgrade popup (type 3).
  const prompted = useRef(false);
  useEffect(() => {
    if (prompted.current || !viewer.me || viewer.isVip || !state.data) return;
    prompted.current = true;
    if (!subscribed) setPopup(POPUP.notMember);
  }, [viewer.me, viewer.isVip, state.data, subscribed]);

  const settle = (data: SubscriptionState) => queryClient.setQueryData(options.queryKey, data);

  const subscribe = useMutation({
    mutationFn: subscribeCall,
    meta: { gate: 'off' },
    onSuccess: (data) => {
      settle(data);
      setPopup(POPUP.thanks);
    },
    onError: (e) => {
      if (isApiError(e) && e.code === 'BAD_REQUEST') return setError(e.message);
      if (isApiError(e) && e.code === 'VIP_REQUIRED') return setPopup(POPUP.notMember);
      setPopup(POPUP.closed);
      handleApiError(e, { from: 'health-subscription' });
    },
  });

  const cancel = useMutation({
    mutationFn: unsubscribeCall,
    meta: { from: 'health-subscription' },
    onSuccess: (data) => {
      settle(data);
      toast(SUBSCRIBE_MESSAGES.cancelled, { tone: 'success' });
    },
  });

  const onButton = () => {
    if (subscribed) return cancel.mutate();
    if (!requireLogin()) return;
    if (!viewer.isVip) return setPopup(POPUP.notMember);
    setError(null);
    setPopup(POPUP.email);
  };

  const busy = (token !== null && (viewer.loading || state.isPending)) || cancel.isPending;
  return (
    <div className="health-subscription">
      <div className="container">
        <HealthNav current="subscription" />
        <section className="hs-hero">
          <div className="hs-hero-text">
            <h1>医疗健康动态订阅</h1>
            <p>
              每个工作日上午{DIGEST_SEND_HOUR}:00，把前一天的医疗健康投融资事件、并购与行业新闻发到您的邮箱：公司、轮次、金额、投资方一目了然，点击即可进入数据库查看详情。
            </p>
          </div>
          <div className="hs-action">
            {fromLink && (
              <p className="hs-note hs-note-warn" role="status">
                {token === null ? '邮件中的退订链接已失效，登录后即可在这里取消订阅。' : state.data && !subscribed ? '邮件中的退订链接已失效；当前账号未订阅日报，不会再收到邮件。' : '邮件中的退订链接已失效，点击下方“取消订阅”即可退订。'}
              </p>
            )}
            <button type="button" className={subscribed ? 'btn btn-ghost hs-button' : 'btn btn-primary hs-button'} onClick={onButton} disabled={busy} aria-busy={busy || undefined}>
              {subscribed ? '取消订阅' : '动态订阅'}
            </button>
            <SubscriptionNote state={state.data} loggedIn={token !== null} failed={state.isError} onRetry={() => void state.refetch()} />
          </div>
        </section>
        <SampleReport />
        <footer className="hs-footer">
          <p>{DIGEST_SCHEDULE_TEXT}</p>
          <p>每封日报都带有“一键退订”链接，无需登录即可退订；也可以随时在本页取消订阅。</p>
        </footer>
      </div>
      <SubscribeDialog
        popup={popup}
        onClose={() => setPopup(POPUP.closed)}
        initialEmail={state.data?.email ?? ''}
        subscribedEmail={state.data?.email ?? null}
        submitting={subscribe.isPending}
        error={error}
        onSubmit={(email) => {
          setError(null);
          subscribe.mutate(email);
        }}
      />
    </div>
  );
}

function SubscriptionNote({ state, loggedIn, failed, onRetry }: { state?: SubscriptionState; loggedIn: boolean; failed: boolean; onRetry: () => void }) {
  if (!loggedIn) return <p className="hs-note">登录并开通VIP会员后即可订阅。</p>;
  if (failed)
    return (
      <p className="hs-note hs-note-warn" role="alert">
        订阅状态加载失败，
        <button type="button" className="link-btn" onClick={onRetry}>
          重试
        </button>
      </p>
    );
  if (!state) return <p className="hs-note">正在读取订阅状态…</p>;
  if (state.status !== 1) return <p className="hs-note">尚未订阅。</p>;
  if (!state.is_vip)
    return (
      <p className="hs-note hs-note-warn" role="status">
        您的会员已到期，日报已暂停发送到 {state.email}；<AppLink href={orderHref('health-subscription')}>续费会员</AppLink>后自动恢复。
      </p>
    );
  return (
    <p className="hs-note hs-note-ok" role="status">
      已订阅，日报发送到 <b>{state.email}</b>
    </p>
  );
}
