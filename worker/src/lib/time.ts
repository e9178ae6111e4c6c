/** The shared date helpers (#shared/dates) under this module's earlier name, for the importers not yet moved there. */
export { formatDateTime, formatYmd, ymd } from '#shared/dates';
