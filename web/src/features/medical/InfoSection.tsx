import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_INFO_TAB, INFO_TAB_LABELS, INFO_TABS, type InfoTab } from '../../../../worker/src/medical/constants';
import { requireLogin } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { Tabs } from '../../ui/Tabs';
import { useViewer } from '../auth/me';
import { viewMoreHref } from './healthLinks';
import { InfoList, type InfoRows } from './InfoList';
import { medicalInfoQueryOptions } from './queries/info';
import './info-section.css';

/**
 * The information section (#information): tabs 政策 / 新闻 / 融资事件, default 融资事件 (index 2).
 * Switching needs login (a visitor gets the login dialog). Each tab has a 'view more' link for
 * signed-in users: on a tag page it opens the tag's list in a new window.
 */
export function InfoSection({ tagId, tagName, title = '医疗资讯' }: { tagId?: number; tagName?: string; title?: string }) {
  const [tab, setTab] = useState<InfoTab>(DEFAULT_INFO_TAB);
  const { loggedIn } = useViewer();
  const q = useQuery(medicalInfoQueryOptions([tab], 1, tagId));
  const part = q.data?.[tab];
  const rows = part ? ({ type: tab, data: part.data } as InfoRows) : undefined;
  return (
    <section id="information" className="health-card info-section" aria-labelledby="information-title">
      <header className="health-card-head">
        <h2 id="information-title">{title}</h2>
        {loggedIn && (
          <AppLink className="health-more" href={viewMoreHref(tab, tagName)} target={tagId !== undefined ? '_blank' : undefined} rel="noopener">
            查看更多 ›
          </AppLink>
        )}
      </header>
      <Tabs
        value={tab}
        onValueChange={(t) => requireLogin(() => setTab(t))}
        items={INFO_TABS.map((t) => ({ value: t, label: INFO_TAB_LABELS[t] }))}
        label="资讯类型"
      />
      <div className="info-panel" role="tabpanel" aria-label={INFO_TAB_LABELS[tab]}>
        {q.isPending ? <Loading /> : q.isError ? <EmptyState text={q.error.message} /> : rows && <InfoList rows={rows} signedIn={loggedIn} />}
      </div>
    </section>
  );
}
