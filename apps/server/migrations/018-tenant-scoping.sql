-- Tenants apart (docs/decisions/025-tenant-scoping.md). Expected versions belong to an organisation (the
-- root of the site tree): one organisation's update job never marks another's batteries outdated. Update
-- jobs and datalogs keep the operating site they were made at and are shown only there, also after the
-- battery has moved to another site.

-- Every organisation starts from the versions that were expected for everyone until now.
ALTER TABLE expected_version DROP CONSTRAINT expected_version_pkey;
ALTER TABLE expected_version ADD COLUMN organization_id integer REFERENCES site_node (id) ON DELETE CASCADE;
INSERT INTO expected_version (organization_id, battery_type, bsp_version, bam_version, boot_version,
                              firmware_version, hardware_version, iot_hmi_version, iot_sw_version, updated_at)
SELECT n.id, e.battery_type, e.bsp_version, e.bam_version, e.boot_version, e.firmware_version,
       e.hardware_version, e.iot_hmi_version, e.iot_sw_version, e.updated_at
  FROM expected_version e CROSS JOIN site_node n
 WHERE n.parent_id IS NULL AND e.organization_id IS NULL;
DELETE FROM expected_version WHERE organization_id IS NULL;
ALTER TABLE expected_version
  ALTER COLUMN organization_id SET NOT NULL,
  ADD PRIMARY KEY (organization_id, battery_type);

-- Existing jobs and datalogs belong to the site their battery stands at now.
ALTER TABLE update_job ADD COLUMN operating_site_id integer REFERENCES operating_site (id);
UPDATE update_job j SET operating_site_id = b.operating_site_id
  FROM battery b WHERE b.serial_number = j.battery_serial_number;
ALTER TABLE update_job ALTER COLUMN operating_site_id SET NOT NULL;
CREATE INDEX update_job_site_battery_idx ON update_job (operating_site_id, battery_serial_number, id DESC);

ALTER TABLE datalog ADD COLUMN operating_site_id integer REFERENCES operating_site (id);
UPDATE datalog d SET operating_site_id = b.operating_site_id
  FROM battery b WHERE b.serial_number = d.battery_serial_number;
ALTER TABLE datalog ALTER COLUMN operating_site_id SET NOT NULL;
CREATE INDEX datalog_site_idx ON datalog (operating_site_id, requested_at DESC);
