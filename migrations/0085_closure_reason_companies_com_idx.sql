-- closure_item_stats counts a track's companies per parent reason by pairing each track link with the company's closure_reason_companies rows (one per parent): the join triggers on the track side find those rows by company.
CREATE INDEX `closure_reason_companies_com_idx` ON `closure_reason_companies` (`com_id`);
