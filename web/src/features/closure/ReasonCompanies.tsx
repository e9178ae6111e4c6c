import { useQuery } from '@tanstack/react-query';
import { orderHref } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { Loading } from '../../ui/Loading';
import { useViewer } from '../auth/me';
import { CLOSURE_DOWN_KINDS } from '../../../../worker/src/closure/constants';
import { openExport } from '../exports/store';
import { FailedCompanyList } from './FailedCompanyList';
import { reasonCompaniesQueryOptions, type ReasonChild } from './queries/reasons';
import './reason-companies.css';

export interface ReasonCompaniesProps {
  reason: ReasonChild;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * The 全部公司 tab of a reason: members only. A VIP gets the failed-company list and the export
 * (down_type 1); anyone else sees the upgrade prompt and no list is requested (the worker would
 * answer VIP_REQUIRED anyway).
 */
export function ReasonCompanies({ reason, page, onPageChange }: ReasonCompaniesProps) {
  const viewer = useViewer();
  const q = useQuery({ ...reasonCompaniesQueryOptions(reason.id, page), enabled: viewer.isVip });
  if (viewer.loading) return <Loading />;
  if (!viewer.isVip) {
    return (
      <div className="upgrade-prompt">
        <p>“全部公司”仅对VIP会员开放，开通会员即可查看该死亡原因下的全部公司并导出数据。</p>
        <AppLink href={orderHref('deathReason')} className="btn btn-primary btn-sm">
          开通VIP会员
        </AppLink>
      </div>
    );
  }
  const exportData = () =>
    openExport({ kind: CLOSURE_DOWN_KINDS[1], params: { type_id: reason.id }, from: 'deathReason', title: `死亡原因-${reason.name}` });
  return (
    <div className="reason-companies">
      <div className="reason-companies-bar">
        <button type="button" className="btn btn-primary btn-sm" onClick={exportData}>
          导出数据
        </button>
      </div>
      <FailedCompanyList companies={q.data?.info} total={q.data?.page.total ?? 0} page={page} onPageChange={onPageChange} loading={q.isFetching} />
    </div>
  );
}
