import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BATCH_SIZE, RETENTION_DAYS } from '../../../../worker/src/exports/constants';
import { openLogin } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { Pagination } from '../../ui/Pagination';
import { LoginPromptBar } from '../auth/LoginPromptBar';
import { useViewer } from '../auth/me';
import { DownloadRecordRow } from './DownloadRecordRow';
import { DOWNLOADS_PER_PAGE, downloadsQueryOptions, isPending } from './queries';
import './exports.css';

/** While a file is queued or being written the list refreshes by itself at this pace. */
export const DOWNLOADS_REFRESH_MS = 2000;

/** The anchor the header menu and the export notice link to (/user-center/download#company_down). */
export const COMPANY_DOWN_ID = 'company_down';

/** /user-center/download: the signed-in user's export files, newest first. */
export function DownloadCentre({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const viewer = useViewer();
  useEffect(() => {
    if (!viewer.loggedIn) openLogin();
  }, [viewer.loggedIn]);

  return (
    <div className="container dl-page">
      <h1 className="dl-heading">个人下载中心</h1>
      <section id={COMPANY_DOWN_ID} className="dl-section" aria-labelledby="company_down_title">
        <header className="dl-section-head">
          <h2 id="company_down_title">公司数据下载</h2>
          <p>
            死亡公司、科创板等导出的 xlsx 文件。大批量数据按每 {BATCH_SIZE} 条一个文件分批生成；文件保留 {RETENTION_DAYS} 天，过期后请重新导出。
          </p>
        </header>
        {viewer.loggedIn ? <DownloadList page={page} onPage={onPage} /> : <LoginPromptBar text="登录后查看您的下载记录" />}
      </section>
    </div>
  );
}

function DownloadList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const list = useQuery({
    ...downloadsQueryOptions(page),
    refetchInterval: (q) => (q.state.data?.info.some((r) => isPending(r.status)) ? DOWNLOADS_REFRESH_MS : false),
  });
  useScrollToAnchor(!list.isPending);

  if (list.isPending) return <Loading />;
  if (list.isError) return <EmptyState text="下载记录加载失败，请稍后重试" />;
  const { info, page: pg } = list.data;
  if (pg.total === 0) return <EmptyState text="暂无下载记录" />;
  return (
    <>
      <div className="dl-table-wrap">
        <table className="dl-table">
          <thead>
            <tr>
              <th scope="col">文件名</th>
              <th scope="col">条数</th>
              <th scope="col">批次</th>
              <th scope="col">状态</th>
              <th scope="col">进度</th>
              <th scope="col">创建时间</th>
              <th scope="col">保留期限</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {info.map((r) => (
              <DownloadRecordRow key={r.record_id} record={r} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={pg.total} page={page} pageSize={DOWNLOADS_PER_PAGE} onChange={onPage} jumper={false} />
    </>
  );
}

/** The list renders after the first paint, so the browser's own jump to #company_down lands short; redo it once. */
function useScrollToAnchor(ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || window.location.hash !== `#${COMPANY_DOWN_ID}`) return;
    done.current = true;
    document.getElementById(COMPANY_DOWN_ID)?.scrollIntoView?.({ block: 'start' });
  }, [ready]);
}
