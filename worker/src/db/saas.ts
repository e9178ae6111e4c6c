import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** /saas/try applications. */
export const trialApplications = sqliteTable(
  'trial_applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    position: text('position').notNull(),
    phone: text('phone').notNull(),
    weixin: text('weixin').notNull().default(''),
    need: text('need').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('trial_applications_created_idx').on(t.createdAt)],
);
