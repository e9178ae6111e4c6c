import { createFileRoute } from '@tanstack/react-router';
import { pageSearchParam, searchValidator } from '../../lib/searchParams';
import { DownloadCentre } from '../../features/exports/DownloadCentre';

/** ?page= of the records, so a link reproduces the view; a bad value falls back to page 1. */
const searchSchema = searchValidator({ page: pageSearchParam });

export const Route = createFileRoute('/user-center/download')({
  validateSearch: searchSchema,
  component: DownloadPage,
});

function DownloadPage() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DownloadCentre page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p }, hash: 'company_down' })} />;
}
