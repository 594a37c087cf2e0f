-- The live view's page without a search (docs/decisions/054-live-view-page-by-index.md): the site's batteries in
-- the screen's order (name, then serial number) straight from the index, so the first 200 of a site with
-- 20,000 batteries read 200 index entries instead of sorting all 20,000.
CREATE INDEX battery_site_name_serial_idx ON battery (operating_site_id, name, serial_number);
DROP INDEX battery_site_idx;
