CREATE TABLE `coin_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`ref_type` text DEFAULT '' NOT NULL,
	`ref_id` text DEFAULT '' NOT NULL,
	`idempotency_key` text NOT NULL,
	`op_nonce` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coin_ledger_reason_ck" CHECK("coin_ledger"."reason" in ('grant','recharge','incense','export','refund'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coin_ledger_idem_uq` ON `coin_ledger` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `coin_ledger_user_idx` ON `coin_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `coin_wallets` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coin_wallets_balance_ck" CHECK("coin_wallets"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE `idempotent_results` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`action` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotent_results_uq` ON `idempotent_results` (`user_id`,`key`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`failures` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`level` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`order_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "memberships_level_ck" CHECK("memberships"."level" in ('vip','svip'))
);
--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`,`level`,`ends_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product` text NOT NULL,
	`coins` integer DEFAULT 0 NOT NULL,
	`amount_fen` integer NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`idempotency_key` text,
	`source` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_status_ck" CHECK("orders"."status" in ('pending','paid','cancelled'))
);
--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idem_uq` ON `orders` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_uq` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account` text NOT NULL,
	`username` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`password_salt` text NOT NULL,
	`password_iterations` integer NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`position` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_account_uq` ON `users` (`account`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`full_name` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`slogan` text DEFAULT '' NOT NULL,
	`des` text DEFAULT '' NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`prov` text NOT NULL,
	`city` text NOT NULL,
	`cat_id` integer NOT NULL,
	`se_cat_id` integer NOT NULL,
	`born_year` integer NOT NULL,
	`born_month` integer NOT NULL,
	`round_id` integer DEFAULT 0 NOT NULL,
	`total_money` integer DEFAULT 0 NOT NULL,
	`valuation` integer DEFAULT 0 NOT NULL,
	`last_invse_date` integer DEFAULT 0 NOT NULL,
	`is_medical` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `companies_name_idx` ON `companies` (`name`);--> statement-breakpoint
CREATE INDEX `companies_medical_money_idx` ON `companies` (`is_medical`,`total_money`);--> statement-breakpoint
CREATE INDEX `companies_medical_born_idx` ON `companies` (`is_medical`,`born_year`,`born_month`);--> statement-breakpoint
CREATE INDEX `companies_medical_invse_idx` ON `companies` (`is_medical`,`last_invse_date`);--> statement-breakpoint
CREATE TABLE `invest_event_investors` (
	`event_id` integer NOT NULL,
	`invst_id` integer NOT NULL,
	`invst_name` text NOT NULL,
	`invst_type` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `iei_event_idx` ON `invest_event_investors` (`event_id`);--> statement-breakpoint
CREATE INDEX `iei_invst_idx` ON `invest_event_investors` (`invst_id`);--> statement-breakpoint
CREATE TABLE `invest_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`com_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`money` integer NOT NULL,
	`guess_money` text DEFAULT '' NOT NULL,
	`date` integer NOT NULL,
	`scope` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invest_events_com_idx` ON `invest_events` (`com_id`,`date`);--> statement-breakpoint
CREATE INDEX `invest_events_scope_date_idx` ON `invest_events` (`scope`,`date`);--> statement-breakpoint
CREATE TABLE `invest_firms` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`des` text DEFAULT '' NOT NULL,
	`is_fa` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invest_firms_name_idx` ON `invest_firms` (`name`);--> statement-breakpoint
CREATE TABLE `news` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`main_url` text DEFAULT '' NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`com_id` integer DEFAULT 0 NOT NULL,
	`com_name` text DEFAULT '' NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`cat_id` integer DEFAULT 0 NOT NULL,
	`prov` text DEFAULT '' NOT NULL,
	`scope` text DEFAULT '' NOT NULL,
	`date` integer NOT NULL,
	`is_closure` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `news_closure_date_idx` ON `news` (`is_closure`,`date`);--> statement-breakpoint
CREATE INDEX `news_scope_date_idx` ON `news` (`scope`,`date`);--> statement-breakpoint
CREATE INDEX `news_com_idx` ON `news` (`com_id`,`date`);--> statement-breakpoint
CREATE TABLE `policies` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`reference_number` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`scope` text DEFAULT '' NOT NULL,
	`put_time` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `policies_region_idx` ON `policies` (`region`,`put_time`);--> statement-breakpoint
CREATE INDEX `policies_scope_idx` ON `policies` (`scope`,`put_time`);--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sectors` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sectors_parent_idx` ON `sectors` (`parent_id`);--> statement-breakpoint
CREATE TABLE `closure_albums` (
	`album_id` integer PRIMARY KEY NOT NULL,
	`album_name` text NOT NULL,
	`des` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `closure_company_albums` (
	`com_id` integer NOT NULL,
	`album_id` integer NOT NULL,
	`close_date` integer NOT NULL,
	PRIMARY KEY(`com_id`, `album_id`)
);
--> statement-breakpoint
CREATE INDEX `cca_album_close_idx` ON `closure_company_albums` (`album_id`,`close_date`);--> statement-breakpoint
CREATE TABLE `closure_company_tags` (
	`com_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`tag_name` text NOT NULL,
	PRIMARY KEY(`com_id`, `tag_id`)
);
--> statement-breakpoint
CREATE TABLE `closure_company_tracks` (
	`com_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`close_date` integer NOT NULL,
	PRIMARY KEY(`com_id`, `tag_id`)
);
--> statement-breakpoint
CREATE INDEX `cctr_tag_close_idx` ON `closure_company_tracks` (`tag_id`,`close_date`);--> statement-breakpoint
CREATE TABLE `closure_company_types` (
	`com_id` integer NOT NULL,
	`type_id` integer NOT NULL,
	`p_id` integer NOT NULL,
	`close_date` integer NOT NULL,
	PRIMARY KEY(`com_id`, `type_id`)
);
--> statement-breakpoint
CREATE INDEX `cct_type_close_idx` ON `closure_company_types` (`type_id`,`close_date`);--> statement-breakpoint
CREATE TABLE `closure_investors` (
	`com_id` integer NOT NULL,
	`invst_id` integer NOT NULL,
	`invst_name` text NOT NULL,
	PRIMARY KEY(`com_id`, `invst_id`)
);
--> statement-breakpoint
CREATE INDEX `closure_investors_invst_idx` ON `closure_investors` (`invst_id`);--> statement-breakpoint
CREATE TABLE `closure_teams` (
	`id` integer PRIMARY KEY NOT NULL,
	`com_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `closure_teams_com_idx` ON `closure_teams` (`com_id`);--> statement-breakpoint
CREATE TABLE `closure_tracks` (
	`tag_id` integer PRIMARY KEY NOT NULL,
	`tag_name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `closure_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`p_id` integer NOT NULL,
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`incense_total` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `closure_types_parent_idx` ON `closure_types` (`p_id`,`sort`);--> statement-breakpoint
CREATE INDEX `closure_types_incense_idx` ON `closure_types` (`incense_total`);--> statement-breakpoint
CREATE TABLE `closures` (
	`com_id` integer PRIMARY KEY NOT NULL,
	`com_name` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`com_des` text DEFAULT '' NOT NULL,
	`com_prov` text NOT NULL,
	`cat_id` integer NOT NULL,
	`se_cat_id` integer NOT NULL,
	`fund_status_id` integer NOT NULL,
	`born_date` integer NOT NULL,
	`close_date` integer NOT NULL,
	`close_year` integer NOT NULL,
	`survival_months` integer NOT NULL,
	`operating_status` text NOT NULL,
	`total_money` integer DEFAULT 0 NOT NULL,
	`valuation` integer DEFAULT 0 NOT NULL,
	`horse_unicorn` integer DEFAULT 0 NOT NULL,
	`incense_total` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "closures_hu_ck" CHECK("closures"."horse_unicorn" in (0,1,2))
);
--> statement-breakpoint
CREATE INDEX `closures_close_idx` ON `closures` (`close_date`);--> statement-breakpoint
CREATE INDEX `closures_born_idx` ON `closures` (`born_date`);--> statement-breakpoint
CREATE INDEX `closures_survival_idx` ON `closures` (`survival_months`);--> statement-breakpoint
CREATE INDEX `closures_prov_close_idx` ON `closures` (`com_prov`,`close_date`);--> statement-breakpoint
CREATE INDEX `closures_cat_close_idx` ON `closures` (`cat_id`,`close_date`);--> statement-breakpoint
CREATE INDEX `closures_fund_close_idx` ON `closures` (`fund_status_id`,`close_date`);--> statement-breakpoint
CREATE INDEX `closures_year_idx` ON `closures` (`close_year`);--> statement-breakpoint
CREATE INDEX `closures_name_idx` ON `closures` (`com_name`);--> statement-breakpoint
CREATE INDEX `closures_money_idx` ON `closures` (`total_money`);--> statement-breakpoint
CREATE INDEX `closures_valuation_idx` ON `closures` (`valuation`);--> statement-breakpoint
CREATE INDEX `closures_hu_valuation_idx` ON `closures` (`horse_unicorn`,`valuation`);--> statement-breakpoint
CREATE INDEX `closures_incense_idx` ON `closures` (`incense_total`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`comment_type` integer NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`replay_user_id` integer DEFAULT 0 NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "comments_type_ck" CHECK("comments"."comment_type" in (1,2)),
	CONSTRAINT "comments_target_ck" CHECK("comments"."target_type" in ('com','reason'))
);
--> statement-breakpoint
CREATE INDEX `comments_target_idx` ON `comments` (`target_type`,`target_id`,`comment_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `incense_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` integer NOT NULL,
	`item_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "incense_type_ck" CHECK("incense_records"."type" in (1,2)),
	CONSTRAINT "incense_amount_ck" CHECK("incense_records"."amount" >= 1)
);
--> statement-breakpoint
CREATE INDEX `incense_item_idx` ON `incense_records` (`type`,`item_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `disclosure_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `disclosures` (
	`id` integer PRIMARY KEY NOT NULL,
	`m_com_id` integer NOT NULL,
	`type_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`url` text NOT NULL,
	`disclosure_time` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `disclosures_com_idx` ON `disclosures` (`m_com_id`,`disclosure_time`);--> statement-breakpoint
CREATE INDEX `disclosures_type_idx` ON `disclosures` (`type_id`,`disclosure_time`);--> statement-breakpoint
CREATE INDEX `disclosures_time_idx` ON `disclosures` (`disclosure_time`);--> statement-breakpoint
CREATE TABLE `starmarket_companies` (
	`m_com_id` integer PRIMARY KEY NOT NULL,
	`com_id` integer NOT NULL,
	`com_name` text NOT NULL,
	`com_registered_name` text NOT NULL,
	`com_logo` text DEFAULT '' NOT NULL,
	`com_slogan` text DEFAULT '' NOT NULL,
	`com_prov` text NOT NULL,
	`com_city` text NOT NULL,
	`cat_id` integer NOT NULL,
	`se_cat_id` integer NOT NULL,
	`state_id` integer NOT NULL,
	`is_listed` integer DEFAULT 0 NOT NULL,
	`acceptance_time` integer NOT NULL,
	`acceptance_update_time` integer NOT NULL,
	`plan_issue_capital` integer NOT NULL,
	`count_money` integer DEFAULT 0 NOT NULL,
	`money` integer DEFAULT 0 NOT NULL,
	`total_money` integer DEFAULT 0 NOT NULL,
	`organization_name` text DEFAULT '' NOT NULL,
	`representative` text DEFAULT '' NOT NULL,
	`accounting_firm` text DEFAULT '' NOT NULL,
	`accountant` text DEFAULT '' NOT NULL,
	`law_firm` text DEFAULT '' NOT NULL,
	`lawyer` text DEFAULT '' NOT NULL,
	`evaluator_firm` text DEFAULT '' NOT NULL,
	`evaluator` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `smc_listed_accept_idx` ON `starmarket_companies` (`is_listed`,`acceptance_time`);--> statement-breakpoint
CREATE INDEX `smc_state_accept_idx` ON `starmarket_companies` (`state_id`,`acceptance_time`);--> statement-breakpoint
CREATE INDEX `smc_prov_idx` ON `starmarket_companies` (`com_prov`,`acceptance_time`);--> statement-breakpoint
CREATE INDEX `smc_cat_idx` ON `starmarket_companies` (`cat_id`,`acceptance_time`);--> statement-breakpoint
CREATE INDEX `smc_name_idx` ON `starmarket_companies` (`com_name`);--> statement-breakpoint
CREATE INDEX `smc_money_idx` ON `starmarket_companies` (`total_money`);--> statement-breakpoint
CREATE INDEX `smc_count_money_idx` ON `starmarket_companies` (`count_money`);--> statement-breakpoint
CREATE TABLE `starmarket_stages` (
	`m_com_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`state_sub_name` text NOT NULL,
	`time` integer DEFAULT 0 NOT NULL,
	`state` integer NOT NULL,
	PRIMARY KEY(`m_com_id`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `starmarket_states` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `broker_reports` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`time` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `broker_reports_time_idx` ON `broker_reports` (`time`);--> statement-breakpoint
CREATE TABLE `email_deliveries` (
	`subscription_id` integer NOT NULL,
	`day` integer NOT NULL,
	`status` text NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`subscription_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `medical_company_tags` (
	`com_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`com_id`, `tag_id`)
);
--> statement-breakpoint
CREATE INDEX `mct_tag_idx` ON `medical_company_tags` (`tag_id`,`com_id`);--> statement-breakpoint
CREATE TABLE `medical_ipos` (
	`id` integer PRIMARY KEY NOT NULL,
	`com_id` integer NOT NULL,
	`ipo_platform` integer NOT NULL,
	`time` integer NOT NULL,
	`money` integer NOT NULL,
	`valuation` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `medical_ipos_time_idx` ON `medical_ipos` (`time`);--> statement-breakpoint
CREATE TABLE `medical_tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`p_id` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`desc` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `medical_tags_parent_idx` ON `medical_tags` (`p_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`created_at` integer NOT NULL,
	`cancelled_at` integer
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_active_idx` ON `subscriptions` (`active`);--> statement-breakpoint
CREATE TABLE `workday_overrides` (
	`day` integer PRIMARY KEY NOT NULL,
	`is_workday` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `download_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`batch_no` integer NOT NULL,
	`offset` integer NOT NULL,
	`rows` integer NOT NULL,
	`filename` text NOT NULL,
	`status` text NOT NULL,
	`coins` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`r2_key` text DEFAULT '' NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`done_at` integer,
	`expires_at` integer,
	CONSTRAINT "download_records_status_ck" CHECK("download_records"."status" in ('queued','generating','done','failed','expired'))
);
--> statement-breakpoint
CREATE INDEX `download_records_user_idx` ON `download_records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `download_records_job_idx` ON `download_records` (`job_id`,`batch_no`);--> statement-breakpoint
CREATE INDEX `download_records_status_idx` ON `download_records` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `export_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`params` text NOT NULL,
	`total_rows` integer NOT NULL,
	`batches` integer NOT NULL,
	`coins` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `export_jobs_idem_uq` ON `export_jobs` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `export_jobs_user_idx` ON `export_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `trial_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`company_name` text NOT NULL,
	`position` text NOT NULL,
	`phone` text NOT NULL,
	`weixin` text DEFAULT '' NOT NULL,
	`need` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trial_applications_created_idx` ON `trial_applications` (`created_at`);--> statement-breakpoint
CREATE TABLE `dynamic_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dynamic_id` integer DEFAULT 0 NOT NULL,
	`user_id` integer NOT NULL,
	`comment_desc` text NOT NULL,
	`item_logo` text DEFAULT '' NOT NULL,
	`item_desc` text DEFAULT '' NOT NULL,
	`praise_num` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dynamic_comments_dyn_idx` ON `dynamic_comments` (`dynamic_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `dynamic_comments_user_idx` ON `dynamic_comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `dynamics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` integer DEFAULT 1 NOT NULL,
	`dynamic_desc` text NOT NULL,
	`dynamic_img` text DEFAULT '' NOT NULL,
	`com_id` integer DEFAULT 0 NOT NULL,
	`praise_num` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dynamics_user_idx` ON `dynamics` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `share_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`user_name` text NOT NULL,
	`user_logo` text DEFAULT '' NOT NULL,
	`is_pay` integer DEFAULT 0 NOT NULL,
	`group_name` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`position` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`prov` text DEFAULT '' NOT NULL,
	`scope_list` text DEFAULT '[]' NOT NULL,
	`user_desc` text DEFAULT '' NOT NULL
);
