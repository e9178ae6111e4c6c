CREATE INDEX `closures_prov_born_idx` ON `closures` (`com_prov`,`born_date`);--> statement-breakpoint
CREATE INDEX `closures_cat_born_idx` ON `closures` (`cat_id`,`born_date`);--> statement-breakpoint
CREATE INDEX `closures_fund_born_idx` ON `closures` (`fund_status_id`,`born_date`);--> statement-breakpoint
CREATE INDEX `closures_prov_survival_idx` ON `closures` (`com_prov`,`survival_months`);--> statement-breakpoint
CREATE INDEX `closures_cat_survival_idx` ON `closures` (`cat_id`,`survival_months`);--> statement-breakpoint
CREATE INDEX `closures_fund_survival_idx` ON `closures` (`fund_status_id`,`survival_months`);