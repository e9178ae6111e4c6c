import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CommentWidget } from '../features/closure/CommentWidget';
import { DelegateStrip } from '../features/closure/DelegateStrip';
import { GatedClosurePage } from '../features/closure/GatedClosurePage';
import { IncenseButton } from '../features/closure/IncenseButton';
import { IncenseRecords } from '../features/closure/IncenseRecords';
import { reasonTreeQueryOptions, type ReasonChild, type ReasonParent } from '../features/closure/queries/reasons';
import { ReasonCompanies } from '../features/closure/ReasonCompanies';
import { ReasonNav } from '../features/closure/ReasonNav';
import { selectReason } from '../features/closure/reasonSelection';
import { optIdParam, pageSearchParam } from '../lib/searchParams';
import { useViewer } from '../features/auth/me';
import { openMembership, requireLogin } from '../lib/gate';
import { EmptyState } from '../ui/EmptyState';
import { Loading } from '../ui/Loading';
import { TabPanel, Tabs } from '../ui/Tabs';

export const REASON_TABS = ['discussion', 'companies', 'records'] as const;
type ReasonTab = (typeof REASON_TABS)[number];

const TAB_LABELS: Record<ReasonTab, string> = { discussion: '讨论', companies: '全部公司', records: '上香记录' };

const searchSchema = z.object({
  parent_id: optIdParam,
  child_id: optIdParam,
  tab: z.enum(REASON_TABS).optional().catch(undefined),
  page: pageSearchParam,
});

export const Route = createFileRoute('/deathReason')({
  validateSearch: searchSchema,
  component: DeathReasonPage,
});

/** Spec §2 "Closed-company reason page" (/deathReason?parent_id=&child_id=). */
function DeathReasonPage() {
  return (
    <GatedClosurePage active="reason" what="死亡原因">
      <ReasonContent />
    </GatedClosurePage>
  );
}

function ReasonContent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const viewer = useViewer();
  const tree = useQuery(reasonTreeQueryOptions());
  const { parent, child } = selectReason(tree.data ?? [], search.parent_id, search.child_id);
  const tab = search.tab ?? 'discussion';

  const select = (p: ReasonParent, c?: ReasonChild) =>
    requireLogin(() => void navigate({ search: { parent_id: p.id, child_id: (c ?? p.child[0])?.id, tab: search.tab } }));
  const switchTab = (t: ReasonTab) =>
    requireLogin(() => {
      // Members only: anyone else still sees the tab's upgrade prompt, and the membership dialog opens.
      if (t === 'companies' && !viewer.isVip) openMembership('deathReason');
      void navigate({ search: (s) => ({ ...s, tab: t, page: undefined }) });
    });
  const setPage = (page: number) => requireLogin(() => void navigate({ search: (s) => ({ ...s, page }) }));

  if (tree.isPending) return <Loading />;
  if (!parent || !child) return <EmptyState text="暂无死亡原因" />;

  return (
    <div className="container reason-layout">
      <aside className="reason-side">
        <ReasonNav tree={tree.data ?? []} parentId={parent.id} childId={child.id} onSelect={select} />
      </aside>
      <section className="reason-main" aria-label={`${parent.name}·${child.name}`}>
        <Tabs
          className="reason-child-tabs"
          value={String(child.id)}
          onValueChange={(id) => select(parent, parent.child.find((c) => String(c.id) === id))}
          items={parent.child.map((c) => ({ value: String(c.id), label: c.name }))}
          label={`${parent.name}下的死亡原因`}
        />
        <header className="reason-head">
          <div>
            <p className="reason-parent">{parent.name}</p>
            <h1 className="reason-title">{child.name}</h1>
          </div>
          <IncenseButton
            key={child.id}
            type={2}
            itemId={child.id}
            itemName={child.name}
            from="deathReason"
            label="为它上香"
            onSuccess={() => void navigate({ search: (s) => ({ ...s, tab: 'records', page: undefined }) })}
          />
        </header>
        <DelegateStrip typeId={child.id} />
        <Tabs value={tab} onValueChange={switchTab} items={REASON_TABS.map((t) => ({ value: t, label: TAB_LABELS[t] }))} label="死亡原因内容" className="reason-tabs">
          <TabPanel value="discussion">
            <CommentWidget key={child.id} target={{ kind: 'reason', typeId: child.id }} from="deathReason" />
          </TabPanel>
          <TabPanel value="companies">
            <ReasonCompanies reason={child} page={search.page ?? 1} onPageChange={setPage} />
          </TabPanel>
          <TabPanel value="records">
            <IncenseRecords key={child.id} type={2} itemId={child.id} />
          </TabPanel>
        </Tabs>
      </section>
    </div>
  );
}
