import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Public profile shown on the app share page (/group/character/{id}). */
export const shareProfiles = sqliteTable('share_profiles', {
  userId: integer('user_id').primaryKey(),
  userName: text('user_name').notNull(),
  userLogo: text('user_logo').notNull().default(''),
  isPay: integer('is_pay').notNull().default(0),
  groupName: text('group_name').notNull().default(''),
  company: text('company').notNull().default(''),
  position: text('position').notNull().default(''),
  region: text('region').notNull().default(''),
  prov: text('prov').notNull().default(''),
  scopeList: text('scope_list').notNull().default('[]'),
  userDesc: text('user_desc').notNull().default(''),
});

/** A dynamic post; type 2 carries a company card (com_id). */
export const dynamics = sqliteTable(
  'dynamics',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    type: integer('type').notNull().default(1),
    dynamicDesc: text('dynamic_desc').notNull(),
    dynamicImg: text('dynamic_img').notNull().default(''),
    comId: integer('com_id').notNull().default(0),
    praiseNum: integer('praise_num').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('dynamics_user_idx').on(t.userId, t.createdAt)],
);

/** Comments under a dynamic post, or a user's comments on items (item_logo/item_desc). */
export const dynamicComments = sqliteTable(
  'dynamic_comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    dynamicId: integer('dynamic_id').notNull().default(0),
    userId: integer('user_id').notNull(),
    commentDesc: text('comment_desc').notNull(),
    itemLogo: text('item_logo').notNull().default(''),
    itemDesc: text('item_desc').notNull().default(''),
    praiseNum: integer('praise_num').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('dynamic_comments_dyn_idx').on(t.dynamicId, t.createdAt), index('dynamic_comments_user_idx').on(t.userId, t.createdAt)],
);
