CREATE TABLE `person_roles` (
	`id` integer PRIMARY KEY NOT NULL,
	`person_id` integer NOT NULL,
	`com_id` integer NOT NULL,
	`role` text NOT NULL,
	`position` text DEFAULT '' NOT NULL,
	`event_id` integer DEFAULT 0 NOT NULL,
	`team_id` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "person_roles_role_ck" CHECK("person_roles"."role" in ('team','investor'))
);
--> statement-breakpoint
CREATE INDEX `person_roles_person_idx` ON `person_roles` (`person_id`);--> statement-breakpoint
CREATE INDEX `person_roles_com_idx` ON `person_roles` (`com_id`,`role`);--> statement-breakpoint
CREATE INDEX `person_roles_event_idx` ON `person_roles` (`event_id`);--> statement-breakpoint
CREATE TABLE `persons` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`des` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `search_names` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` integer NOT NULL,
	`ref_id` integer NOT NULL,
	`name` text NOT NULL,
	`pinyin` text NOT NULL,
	`initials` text NOT NULL,
	`head` text NOT NULL,
	`tail` text NOT NULL,
	CONSTRAINT "search_names_kind_ck" CHECK("search_names"."kind" in (1,2,3))
);
