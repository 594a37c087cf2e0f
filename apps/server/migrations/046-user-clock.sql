-- Which clock a user reads times in (docs/decisions/084-one-clock.md): the operating site's zone by
-- default, or the browser's when the user chose it in the header.
ALTER TABLE app_user ADD COLUMN clock text NOT NULL DEFAULT 'site' CHECK (clock IN ('site', 'browser'));
