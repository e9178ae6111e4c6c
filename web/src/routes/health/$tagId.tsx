import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { DEFAULT_TAG_BLOCK_TAB, TAG_BLOCK_TABS } from '../../../../worker/src/medical/constants';
import { useViewer } from '../../features/auth/me';
import { FinancingChart } from '../../features/medical/FinancingChart';
import { healthTitle } from '../../features/medical/healthLinks';
import { InfoSection } from '../../features/medical/InfoSection';
import { MedicalBlock } from '../../features/medical/MedicalBlock';
import { medicalInfoQueryOptions } from '../../features/medical/queries/info';
import { TagBanner } from '../../features/medical/TagBanner';
import { isApiError } from '../../lib/api';
import { gateStore, openMembership } from '../../lib/gate';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { LoginWall } from '../../ui/LoginWall';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';

/**
 * Spec §2 "Healthcare tag page" (route name healthlist, /health/{tagId}): VIP only. A visitor sees
 * the login wall, a non-member the membership prompt; nothing is asked of the worker for them.
 */
export const Route = createFileRoute('/health/$tagId')({
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: HealthTagPage,
});

const tagIdOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined);

function HealthTagPage() {
  const { tagId: raw } = Route.useParams();
  const tagId = tagIdOf(raw);
  const viewer = useViewer();
  if (tagId === undefined) return <Missing />;
  if (!viewer.loggedIn) return <Walled />;
  if (viewer.loading) return <Loading />;
  if (!viewer.isVip) return <VipWall />;
  return <TagContent tagId={tagId} />;
}

function Walled() {
  useDocumentTitle(healthTitle('标签页'));
  return <LoginWall what="医疗健康标签页" />;
}

function Missing() {
  useDocumentTitle(healthTitle('标签不存在'));
  return <EmptyState text="该医疗健康标签不存在" />;
}

/** A signed-in non-member: the membership prompt opens once, and the page says why it is empty. */
function VipWall() {
  useDocumentTitle(healthTitle('标签页'));
  useEffect(() => {
    if (gateStore.get() === null) openMembership('health', '医疗健康标签页仅对VIP会员开放，请升级会员');
  }, []);
  return (
    <EmptyState text="医疗健康标签页仅对VIP会员开放">
      <button type="button" className="btn btn-primary btn-sm" onClick={() => openMembership('health')}>
        开通VIP会员
      </button>
    </EmptyState>
  );
}

function TagContent({ tagId }: { tagId: number }) {
  const q = useQuery({ ...medicalInfoQueryOptions(['basic'], 1, tagId), meta: { gate: 'off' } });
  const basic = q.data?.basic;
  useDocumentTitle(healthTitle(basic?.name ?? '标签页'));
  if (q.isPending) return <Loading />;
  if (q.isError) return <EmptyState text={isApiError(q.error) && q.error.code === 'NOT_FOUND' ? '该医疗健康标签不存在' : q.error.message} />;
  if (!basic) return <Missing />;
  return (
    <div className="health-page">
      <TagBanner basic={basic} kicker="医疗健康 · 产业图谱" />
      <InfoSection tagId={tagId} tagName={basic.name} title={`${basic.name}资讯`} />
      <section id="database" className="health-database" aria-label="数据库">
        <div className="health-card">
          <FinancingChart tagId={tagId} />
        </div>
        <MedicalBlock tabs={TAG_BLOCK_TABS} defaultTab={DEFAULT_TAG_BLOCK_TAB} tagId={tagId} title={`${basic.name}数据库`} />
      </section>
    </div>
  );
}
