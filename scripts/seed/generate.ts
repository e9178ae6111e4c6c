/**
 * The deterministic seed-data generator: the same options give the same SQL, byte for byte.
 * Pure (no fs, no node APIs) so worker tests can run it inside workerd; scripts/seed.ts
 * writes its statements to a file and applies them with wrangler.
 *
 * Tables left empty on purpose (they only fill through use): sessions, action_hits,
 * idempotent_results, export_jobs, download_records, workday_overrides. Tables kept by
 * triggers (closure_counts, closure_firm_stats, closure_name_fts) fill as the rows go in.
 */
import { closureRows, closureTaxonomyRows, generateClosures } from './closures.ts';
import { generateCommunity } from './community.ts';
import { createCompanyStore } from './companies.ts';
import { createContext } from './context.ts';
import { generateFirms } from './firms.ts';
import { generateMedical, medicalIpoRows } from './medical.ts';
import { medicalTagRows } from './medical-tags.ts';
import { generatePersons, searchNameRows } from './persons.ts';
import { generateBrokerReports, generateNews, generatePolicies } from './news.ts';
import { generateShare, generateSubscriptions, generateTrials } from './share.ts';
import { createSqlSink, type Row } from './sql.ts';
import { generateStarMarket, starMarketRows } from './starmarket.ts';
import { ROUNDS, SECTORS } from './taxonomy.ts';
import { generateUsers, generateWallets } from './users.ts';

export interface SeedOptions {
  /** Multiplies the volume of the big tables (companies, events, news, comments ...). */
  scale?: number;
  seed?: number;
  /** "Today" of the data set: close dates, news and memberships are placed relative to it. */
  now?: Date | number;
}

export interface SeedResult {
  statements: string[];
  /** Rows per table, in the order they are inserted. */
  counts: Record<string, number>;
}

export const DEFAULT_SEED = 20261122;
/** 2026-11-22 12:00 Beijing time. */
export const DEFAULT_NOW = Date.UTC(2026, 10, 22, 4, 0, 0);

/**
 * Tables in insert order. Only users is referenced by foreign keys (sessions, memberships,
 * orders, wallets, ledger), so it comes first; deleting in reverse order is safe.
 */
export const SEED_TABLES = [
  'users', 'memberships', 'orders', 'coin_wallets', 'coin_ledger',
  'sectors', 'rounds', 'invest_firms', 'companies', 'invest_events', 'invest_event_investors',
  'closure_types', 'closure_tracks', 'closure_albums', 'closures', 'closure_company_types', 'closure_company_tracks',
  'closure_company_albums', 'closure_company_tags', 'closure_teams', 'closure_investors', 'comments', 'incense_records',
  'starmarket_states', 'disclosure_types', 'starmarket_companies', 'starmarket_stages', 'disclosures',
  'medical_tags', 'medical_company_tags', 'medical_ipos', 'broker_reports', 'news', 'policies',
  'subscriptions', 'email_deliveries', 'share_profiles', 'dynamics', 'dynamic_comments', 'trial_applications',
  'persons', 'person_roles', 'search_names',
] as const;

/**
 * The full-text indexes (FTS5 tables of the migrations, kept by triggers as the rows go in). Bulk
 * inserts leave each with a dozen or more b-tree segments, and every term lookup searches each one:
 * the seed ends by merging each into one segment (FTS5 'optimize'), as a bulk import must: a term
 * lookup then searches one b-tree instead of each segment's. Later writes add small segments that
 * FTS5's automerge folds in. tests/worker/app/seed.test.ts checks this list against the schema.
 */
export const FULL_TEXT_INDEXES = [
  'closure_name_fts', 'closure_name_chars', 'closure_name_close_chars', 'starmarket_name_fts', 'starmarket_name_chars',
  'starmarket_name_tab_chars', 'disclosure_name_fts', 'disclosure_name_chars', 'disclosure_name_ord', 'search_fts', 'news_closure_names',
] as const;

export function generateSeed(options: SeedOptions = {}): SeedResult {
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error('seed: scale must be a positive number');
  const nowMs = options.now === undefined ? DEFAULT_NOW : typeof options.now === 'number' ? options.now : options.now.getTime();
  const ctx = createContext(options.seed ?? DEFAULT_SEED, scale, nowMs);

  const firms = generateFirms(ctx);
  const { users, crowd, userRows, memberships, orders: membershipOrders } = generateUsers(ctx);
  const store = createCompanyStore(ctx);
  const closures = generateClosures(ctx, store, firms);
  const { starCompanies, medicalTagRows: starMedicalTags } = generateStarMarket(ctx, store, firms);
  const { medical, medicalCompanyTagRows } = generateMedical(ctx, store, firms);
  const community = generateCommunity(ctx, closures, crowd);
  const wallets = generateWallets(ctx, users, community.spends);
  const people = generatePersons(closures, store.events);

  const tables: Record<string, Row[]> = {
    users: userRows,
    memberships,
    orders: [...membershipOrders, ...wallets.orders],
    coin_wallets: wallets.wallets,
    coin_ledger: wallets.ledger,
    sectors: SECTORS.flatMap((s) => [{ id: s.id, parent_id: 0, name: s.name }, ...s.children.map((c) => ({ id: c.id, parent_id: s.id, name: c.name }))]),
    rounds: ROUNDS.map((r) => ({ id: r.id, name: r.name })),
    invest_firms: firms.rows,
    companies: store.companyRows(),
    invest_events: store.eventRows(),
    invest_event_investors: store.eventInvestorRows(),
    ...closureTaxonomyRows(community.incenseByReason),
    ...closureRows(closures, community.incenseByCompany),
    comments: community.commentRows,
    // Each offering points at the ledger row that paid for it, as live offerings do.
    incense_records: community.incenseRows.map((r) => ({ ...r, ledger_id: wallets.ledgerIdOfRecord.get(r.id as number)! })),
    ...starMarketRows(ctx, starCompanies),
    medical_tags: medicalTagRows(),
    medical_company_tags: [...starMedicalTags, ...medicalCompanyTagRows],
    medical_ipos: medicalIpoRows(ctx, medical),
    broker_reports: generateBrokerReports(ctx, medical),
    news: generateNews(ctx, { closures, star: starCompanies, medical, events: store.events, companies: store.companies }),
    policies: generatePolicies(ctx),
    ...generateSubscriptions(ctx, crowd),
    ...generateShare(ctx, crowd, store.companies),
    trial_applications: generateTrials(ctx),
    persons: people.personRows,
    person_roles: people.roleRows,
    search_names: searchNameRows(store.companies, firms.firms, people.persons),
  };

  const sink = createSqlSink(200);
  for (const table of SEED_TABLES) {
    const rows = tables[table];
    if (!rows) throw new Error(`seed: no rows built for ${table}`);
    sink.insert(table, rows);
  }
  const optimize = FULL_TEXT_INDEXES.map((t) => `INSERT INTO ${t}(${t}) VALUES('optimize')`);
  // The seeded rows are the starting data, not changes: the change log the watch triggers wrote for
  // them would show every followed company's whole history as new, and match every saved search.
  return { statements: [...sink.statements, ...optimize, 'DELETE FROM watch_changes'], counts: sink.counts };
}
