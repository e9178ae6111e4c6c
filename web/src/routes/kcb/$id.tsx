import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, useTransition } from 'react';
import { DETAIL_DISCLOSURE_SIZE, NEWS_SHOWN } from '../../../../worker/src/starmarket/constants';
import { useViewer } from '../../features/auth/me';
import { InvestorsCell } from '../../features/starmarket/InvestorsCell';
import { comDisclosureQueryOptions, detailQueryOptions, type StarDetail } from '../../features/starmarket/queries/starmarket';
import { StageTracker } from '../../features/starmarket/StageTracker';
import { ApiError } from '../../lib/api';
import { roundAmount } from '#shared/amounts';
import { formatFounded } from '#shared/dates';
import { orderHref } from '../../lib/gate';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LoginWall } from '../../ui/LoginWall';
import { Pagination } from '../../ui/Pagination';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';

/** The id in the path as a STAR-market company id, or null when it cannot be one. */
const idOf = (raw: string): number | null => {
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

export const Route = createFileRoute('/kcb/$id')({
  // The detail needs login: a visitor's page shows the login wall and nothing is asked for.
  loader: async ({ context: { queryClient, signedIn }, params }) => {
    if (!signedIn) return;
    const id = idOf(params.id);
    // The worker's own words for an unknown id (RouteError shows them).
    if (id === null) throw new ApiError('NOT_FOUND', '该科创板公司不存在', 404);
    await Promise.all([queryClient.ensureQueryData(detailQueryOptions(id)), queryClient.ensureQueryData(comDisclosureQueryOptions(id, 1))]);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DetailPage,
});

/** Spec §2 "STAR-market company detail" (/kcb/{id}). */
function DetailPage() {
  const { loggedIn } = useViewer();
  const id = idOf(Route.useParams().id);
  if (!loggedIn) return <LoginWall what="科创板公司详情" />;
  // (the loader has refused an id that cannot be one: RouteError shows '该科创板公司不存在')
  return id === null ? null : <DetailContent mComId={id} />;
}

function DetailContent({ mComId }: { mComId: number }) {
  const { data: d } = useSuspenseQuery(detailQueryOptions(mComId));
  // Spec §2: the title is the company's short name plus the STAR-market detail suffix.
  useDocumentTitle(`${d.com_info.com_name}科创板详情`);
  return (
    <>
      <CompanyCard info={d.com_info} />
      <section className="star-card" aria-label="上市进程">
        <h2>上市进程</h2>
        <StageTracker stages={d.star_market_state} />
      </section>
      <ProjectInfo info={d.com_info} />
      <Financing d={d} />
      <Disclosures mComId={mComId} />
      <News items={d.com_news} />
    </>
  );
}

type Info = StarDetail['com_info'];

function CompanyCard({ info }: { info: Info }) {
  const born = formatFounded(info.com_born_year, info.com_born_month);
  return (
    <section className="star-card com-card" aria-label="公司信息">
      {info.com_logo ? <img className="star-logo" src={info.com_logo} alt="" /> : <span className="star-logo star-logo-text">{info.com_name.slice(0, 2)}</span>}
      <div>
        <h1>{info.com_name}</h1>
        <div className="com-meta">
          {info.com_url && (
            <a href={info.com_url} target="_blank" rel="noreferrer">
              官网
            </a>
          )}
          <a href={`/company/${info.com_id}`} target="_blank" rel="noreferrer">
            公司主页
          </a>
          {born && <span>成立于 {born}</span>}
          <span>{[info.com_prov, info.com_city].filter(Boolean).join('·')}</span>
          <span>{[info.cat_name, info.se_cat_name].filter(Boolean).join(' - ')}</span>
        </div>
        {info.com_des && <p className="com-des">{info.com_des}</p>}
      </div>
    </section>
  );
}

function ProjectInfo({ info }: { info: Info }) {
  const rows: [string, string, string, string][] = [
    ['公司全称', info.com_registered_name, '受理日期', info.acceptance_time],
    ['公司简称', info.com_name, '拟募资金额', `${info.planIssueCapital}亿元`],
    ['审核状态', info.state_sub_name, '更新日期', info.acceptance_update_time],
    ['保荐机构', info.organization_name, '保荐代表人', info.representative],
    ['会计师事务所', info.accounting_firm, '签字会计师', info.accountant],
    ['律师事务所', info.law_firm, '签字律师', info.lawyer],
    ['评估机构', info.evaluator_firm, '签字评估师', info.evaluator],
  ];
  return (
    <section className="star-card" aria-label="项目信息">
      <h2>项目信息</h2>
      <table className="info-table">
        <tbody>
          {rows.map(([a, av, b, bv]) => (
            <tr key={a}>
              <th scope="row">{a}</th>
              <td>{av || '-'}</td>
              <th scope="row">{b}</th>
              <td>{bv || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Financing({ d }: { d: StarDetail }) {
  const { isVip } = useViewer();
  if (!d.com_invse.length) return null;
  return (
    <section className="star-card" aria-label="历史融资记录">
      <h2>历史融资记录（{d.count_invse_num}）</h2>
      <table className="star-table invse-table">
        <thead>
          <tr>
            <th>日期</th>
            <th>轮次</th>
            <th>金额</th>
            <th>投资方</th>
            <th>详情</th>
          </tr>
        </thead>
        <tbody>
          {d.com_invse.map((e) => (
            <tr key={e.investevents_id}>
              <td data-label="日期">{e.date}</td>
              <td data-label="轮次">{e.round}</td>
              <td data-label="金额">{roundAmount(e.money, e.money_text)}</td>
              <td data-label="投资方">
                <InvestorsCell investors={e.investors} />
              </td>
              <td>
                <a href={`/investevent/${e.investevents_id}`} target="_blank" rel="noreferrer">
                  详情
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!isVip && d.com_invse.length === 1 && (
        <p className="invse-upgrade">
          {d.count_invse_num > 1 ? `共 ${d.count_invse_num} 条融资记录，` : ''}
          <a href={orderHref('kcb')}>开通VIP会员查看全部融资记录</a>
        </p>
      )}
    </section>
  );
}

function Disclosures({ mComId }: { mComId: number }) {
  const [page, setPage] = useState(1);
  // The next page suspends inside a transition: the current page stays on screen until it is read.
  const [turning, startTurning] = useTransition();
  const q = useSuspenseQuery(comDisclosureQueryOptions(mComId, page));
  if (q.data.page.total === 0) return null;
  return (
    <section className="star-card" aria-label="信息披露" aria-busy={turning}>
      <h2>信息披露（{q.data.page.total}）</h2>
      <ol className="disclosure-list">
        {q.data.info.map((r, i) => (
          <li key={r.id}>
            <span className="serial">{(page - 1) * DETAIL_DISCLOSURE_SIZE + i + 1}</span>
            <a href={r.url} target="_blank" rel="noreferrer">
              {r.file_name}
            </a>
            <time>{r.disclosure_time}</time>
          </li>
        ))}
      </ol>
      <Pagination total={q.data.page.total} page={page} pageSize={DETAIL_DISCLOSURE_SIZE} onChange={(p) => startTurning(() => setPage(p))} jumper={false} />
    </section>
  );
}

function News({ items }: { items: StarDetail['com_news'] }) {
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  const shown = open ? items : items.slice(0, NEWS_SHOWN);
  return (
    <section className="star-card" aria-label="新闻">
      <h2>新闻</h2>
      <ul className="news-list">
        {shown.map((n, i) => (
          <li key={`${n.url}-${i}`}>
            <a href={n.url} target="_blank" rel="noreferrer">
              {n.title}
            </a>
            <time>{n.time}</time>
          </li>
        ))}
      </ul>
      {items.length > NEWS_SHOWN && (
        <button type="button" className="link-btn" onClick={() => setOpen((o) => !o)}>
          {open ? '收起' : '加载更多'}
        </button>
      )}
    </section>
  );
}
