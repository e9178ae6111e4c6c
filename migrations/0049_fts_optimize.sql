-- Custom SQL migration file, put your code below! --
-- Every full-text index merged into one b-tree segment (FTS5 'optimize'; issue 15, speed). Bulk
-- inserts left each with a dozen or more segments, and every term lookup searches each one: a global
-- search's three statements took SQLite 1.03 ms before the merge and 0.20 ms after (scale 1). A fresh
-- database is merged by the seed (scripts/seed/generate.ts FULL_TEXT_INDEXES); this merges a database
-- that already holds its rows. Later writes add small segments, which FTS5's automerge folds in.
-- Time: search_fts, the largest, took 336 ms at scale 1 in node:sqlite (linear in its size); a database
-- near scale 80 would bring one 'optimize' near D1's 30-second statement limit, and would merge in
-- steps instead ('merge' with a page budget, repeated until no more work).
INSERT INTO `closure_name_fts`(`closure_name_fts`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `closure_name_chars`(`closure_name_chars`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `closure_name_close_chars`(`closure_name_close_chars`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `starmarket_name_fts`(`starmarket_name_fts`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `starmarket_name_chars`(`starmarket_name_chars`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `starmarket_name_tab_chars`(`starmarket_name_tab_chars`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `disclosure_name_fts`(`disclosure_name_fts`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `disclosure_name_chars`(`disclosure_name_chars`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `disclosure_name_ord`(`disclosure_name_ord`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `search_fts`(`search_fts`) VALUES('optimize');--> statement-breakpoint
INSERT INTO `news_closure_names`(`news_closure_names`) VALUES('optimize');
