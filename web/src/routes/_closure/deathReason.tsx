import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useId } from 'react';
import { INCENSE_TYPES } from '../../../../worker/src/closure/constants';
import { useViewer } from '../../features/auth/me';
import { CommentWidget } from '../../features/closure/CommentWidget';
import { DelegateStrip } from '../../features/closure/DelegateStrip';
import { IncenseButton } from '../../features/closure/IncenseButton';
import { IncenseRecords } from '../../features/closure/IncenseRecords';
import { reasonTreeQueryOptions, type ReasonChild, type ReasonParent } from '../../features/closure/queries/reasons';
import { ReasonCompanies } from '../../features/closure/ReasonCompanies';
import { ReasonNav } from '../../features/closure/ReasonNav';
import { selectReason } from '../../features/closure/reasonSelection';
import { currentPageWith, openMembership, requireLogin } from '../../lib/gate';
import { fallBackToKnownOptions, optEnumParam, optIdParam, pageSearchParam, searchValidator } from '../../lib/searchParams';
import { EmptyState } from '../../ui/EmptyState';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { OutsideTabPanel, TabPanel, Tabs } from '../../ui/Tabs';
import { closureTitle } from '../../features/closure/closurePages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './death-reason.css';

const REASON_TABS = ['discussion', 'companies', 'records'] as const;
type ReasonTab = (typeof REASON_TABS)[number];

const TAB_LABELS: Record<ReasonTab, string> = { discussion: '讨论', companies: '全部公司', records: '上香记录' };

const searchSchema = searchValidator({
  parent_id: optIdParam,
  child_id: optIdParam,
  tab: optEnumParam(REASON_TABS),
  page: pageSearchParam,
});

export const Route = createFileRoute('/_closure/deathReason')({
  validateSearch: searchSchema,
  // The tree is the same for every reason and tab; the widgets below it load their own parts.
  loader: async ({ context: { queryClient, signedIn }, location }) => {
    if (!signedIn) return;
    const tree = await queryClient.ensureQueryData(reasonTreeQueryOptions());
    // A reason no longer in the tree: the page shows the first one.
    fallBackToKnownOptions(location, { parent_id: tree.map((p) => p.id), child_id: tree.flatMap((p) => p.child.map((c) => c.id)) });
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DeathReasonPage,
});

/** Spec §2 "Closed-company reason page" (/deathReason?parent_id=&child_id=). */
function DeathReasonPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const viewer = useViewer();
  const tree = useSuspenseQuery(reasonTreeQueryOptions()).data;
  const { parent, child } = selectReason(tree, search.parent_id, search.child_id);
  const tab = search.tab ?? 'discussion';
  const childPanelId = useId();
  useDocumentTitle(closureTitle(child ? `死亡原因：${child.name}` : '死亡原因'));

  const select = (p: ReasonParent, c?: ReasonChild) =>
    requireLogin(() => void navigate({ search: { parent_id: p.id, child_id: (c ?? p.child[0])?.id, tab: search.tab } }));
  const switchTab = (t: ReasonTab) =>
    requireLogin(() => {
      // Members only: anyone else still sees the tab's upgrade prompt, and the membership dialog opens.
      if (t === 'companies' && !viewer.isVip) openMembership('deathReason', undefined, false, currentPageWith({ tab: t, page: undefined }));
      void navigate({ search: (s) => ({ ...s, tab: t, page: undefined }) });
    });
  const setPage = (page: number) => requireLogin(() => void navigate({ search: (s) => ({ ...s, page }) }));

  if (!parent || !child) return <EmptyState text="暂无死亡原因" />;

  return (
    <div className="container reason-layout">
      <aside className="reason-side">
        <ReasonNav tree={tree} parentId={parent.id} childId={child.id} onSelect={select} />
      </aside>
      <section className="reason-main" aria-label={`${parent.name}·${child.name}`}>
        <Tabs
          className="reason-child-tabs"
          value={String(child.id)}
          onValueChange={(id) =>
            select(
              parent,
              parent.child.find((c) => String(c.id) === id),
            )
          }
          items={parent.child.map((c) => ({ value: String(c.id), label: c.name }))}
          label={`${parent.name}下的死亡原因`}
          panelId={childPanelId}
        />
        <OutsideTabPanel id={childPanelId} label={child.name}>
          <header className="reason-head">
            <div>
              <p className="reason-parent">{parent.name}</p>
              <h1 className="reason-title">{child.name}</h1>
            </div>
            <IncenseButton
              key={child.id}
              type={INCENSE_TYPES.reason}
              itemId={child.id}
              itemName={child.name}
              from="deathReason"
              label="为它上香"
              onSuccess={() => void navigate({ search: (s) => ({ ...s, tab: 'records', page: undefined }) })}
            />
          </header>
          <DelegateStrip typeId={child.id} />
          <Tabs
            value={tab}
            onValueChange={switchTab}
            items={REASON_TABS.map((t) => ({ value: t, label: TAB_LABELS[t] }))}
            label="死亡原因内容"
            className="reason-tabs"
          >
            <TabPanel value="discussion">
              <CommentWidget key={child.id} target={{ kind: 'reason', typeId: child.id }} from="deathReason" />
            </TabPanel>
            <TabPanel value="companies">
              <ReasonCompanies reason={child} page={search.page ?? 1} onPageChange={setPage} />
            </TabPanel>
            <TabPanel value="records">
              <IncenseRecords key={child.id} type={INCENSE_TYPES.reason} itemId={child.id} />
            </TabPanel>
          </Tabs>
        </OutsideTabPanel>
      </section>
    </div>
  );
}
