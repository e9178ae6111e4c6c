import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * People (/person/{id}). The data holds people in two places: the founding teams of closed
 * companies (closure_teams) and individual investors of financing events (invest_event_investors
 * with invst_type 'person', which carry no id). Each occurrence becomes one person, written by the
 * seed (scripts/seed/persons.ts); two people of the same name are two people.
 */
export const persons = sqliteTable('persons', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  des: text('des').notNull().default(''),
});

/**
 * What a person did at a company: 'team' (a founding-team member with a position; team_id is the
 * closure_teams row) or 'investor' (an individual investor of event_id).
 */
export const personRoles = sqliteTable(
  'person_roles',
  {
    id: integer('id').primaryKey(),
    personId: integer('person_id').notNull(),
    comId: integer('com_id').notNull(),
    role: text('role', { enum: ['team', 'investor'] }).notNull(),
    position: text('position').notNull().default(''),
    eventId: integer('event_id').notNull().default(0),
    teamId: integer('team_id').notNull().default(0),
  },
  (t) => [
    index('person_roles_person_idx').on(t.personId),
    index('person_roles_com_idx').on(t.comId, t.role),
    index('person_roles_event_idx').on(t.eventId),
    check('person_roles_role_ck', sql`${t.role} in ('team','investor')`),
  ],
);

/**
 * The global search's names (GET /api/search): one row per company (kind 1), investment firm (2) and
 * person (3), id = kind * 2^32 + ref_id. head and tail are the index's text, computed in JS with
 * pinyin-pro when the row is written (worker/src/search/keys.ts); triggers (migrations *_search_index,
 * *_search_rank_news_names) copy them into search_fts under a rowid in rank order (keys.ts RANK_*).
 */
export const searchNames = sqliteTable(
  'search_names',
  {
    id: integer('id').primaryKey(),
    kind: integer('kind').notNull(),
    refId: integer('ref_id').notNull(),
    name: text('name').notNull(),
    /** Syllables separated by spaces, as pinyin-pro reads the name in context ('zhao shang yin hang'). */
    pinyin: text('pinyin').notNull(),
    initials: text('initials').notNull(),
    head: text('head').notNull(),
    tail: text('tail').notNull(),
  },
  (t) => [check('search_names_kind_ck', sql`${t.kind} in (1,2,3)`)],
);
