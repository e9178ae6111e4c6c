DROP INDEX `cca_album_close_idx`;--> statement-breakpoint
CREATE INDEX `cca_album_close_idx` ON `closure_company_albums` (`album_id`,`close_date`,`com_id`);--> statement-breakpoint
DROP INDEX `cctr_tag_close_idx`;--> statement-breakpoint
CREATE INDEX `cctr_tag_close_idx` ON `closure_company_tracks` (`tag_id`,`close_date`,`com_id`);--> statement-breakpoint
DROP INDEX `cct_type_close_idx`;--> statement-breakpoint
CREATE INDEX `cct_parent_close_idx` ON `closure_company_types` (`p_id`,`close_date`,`com_id`);--> statement-breakpoint
CREATE INDEX `cct_type_close_idx` ON `closure_company_types` (`type_id`,`close_date`,`com_id`);--> statement-breakpoint
DROP INDEX `closure_investors_invst_idx`;--> statement-breakpoint
CREATE INDEX `closure_investors_invst_idx` ON `closure_investors` (`invst_id`,`com_id`);