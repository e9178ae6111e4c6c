CREATE INDEX `news_closure_prov_date_idx` ON `news` (`is_closure`,`prov`,`date`);--> statement-breakpoint
CREATE INDEX `news_closure_cat_date_idx` ON `news` (`is_closure`,`cat_id`,`date`);