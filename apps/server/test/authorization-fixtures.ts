import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { Queryable } from '../src/db/database';
import { organizationOf } from '../src/modules/sites/site-organization';
import type { RequestTarget } from './authorization-requests';
import { reportCsv, reportSample } from './report-samples';

/** The first battery, display unit and charger-station unit of a site: what requests at that site name. */
export async function siteDevices(db: Queryable, site: number): Promise<Omit<RequestTarget, 'id'>> {
  const [row] = await db.query<{ serial: string; display_id: string; mdload_serial: string }>(
    `SELECT (SELECT min(serial_number) FROM battery WHERE operating_site_id = $1) AS serial,
            (SELECT min(display_id) FROM display_unit WHERE operating_site_id = $1) AS display_id,
            (SELECT min(mdload_serial) FROM mdload_unit WHERE operating_site_id = $1) AS mdload_serial`,
    [site],
  );
  return { site, serial: row?.serial ?? '', displayId: row?.display_id ?? '', mdloadSerial: row?.mdload_serial ?? '' };
}

/**
 * For each route with a record id in its path, the id of such a record at `site` (event filters: of the user
 * `filterOwner`), keyed "METHOD /url" or "/url". The authorisation matrix fails for a route with an id that is
 * missing here.
 */
export async function siteEntityIds(db: Queryable, site: number, filterOwner: string): Promise<Map<string, number>> {
  const one = async (sql: string, params: unknown[] = [site]) => (await db.query<{ id: number }>(sql, params))[0]?.id;
  const group = await one(
    `INSERT INTO battery_group (operating_site_id, name) VALUES ($1, 'Matrix group of ' || $2) RETURNING id`,
    [site, filterOwner],
  );
  const alert = (product: string) =>
    one(
      `INSERT INTO alert (product, operating_site_id, name, alert_on_error, emails)
       VALUES ($2, $1, 'Matrix alert', true, '{matrix@cbm.test}') RETURNING id`,
      [site, product],
    );
  const filter = (product: string) =>
    one(
      `INSERT INTO event_filter (product, user_id, name, columns, attribute_filters)
       SELECT $1, id, 'Matrix filter', '["Timestamp"]', '[]' FROM app_user WHERE email = $2 RETURNING id`,
      [product, filterOwner],
    );
  const datalog = await one(
    `INSERT INTO datalog (battery_serial_number, operating_site_id)
     SELECT serial_number, operating_site_id FROM battery WHERE operating_site_id = $1
      ORDER BY serial_number LIMIT 1 RETURNING id`,
  );
  const station = await one(
    `SELECT s.id FROM charging_station s
       JOIN charging_station_group g ON g.id = s.group_id
       JOIN mdload_unit u ON u.id = g.mdload_unit_id
      WHERE u.operating_site_id = $1 ORDER BY s.id LIMIT 1`,
  );
  // The site's first battery holds credentials, so that its registry entry can be rotated and revoked.
  await db.query(
    `INSERT INTO device_credential (device_class, serial_number, operating_site_id, device_type, secret_hash)
     SELECT 'battery', min(serial_number), $1, 'matrix', '$7$1$AA==$AA==' FROM battery WHERE operating_site_id = $1
     ON CONFLICT DO NOTHING`,
    [site],
  );
  const thresholdRule = await one(
    `INSERT INTO alert (product, operating_site_id, name, emails, condition)
     VALUES ('battery', $1, 'Matrix threshold', '{matrix@cbm.test}', '{"metric":"noData","minutes":30}') RETURNING id`,
  );
  const mdloadThresholdRule = await one(
    `INSERT INTO alert (product, operating_site_id, name, emails, condition)
     VALUES ('mdload', $1, 'Matrix power', '{matrix@cbm.test}', '{"metric":"stationPowerAbove","threshold":100,"hysteresis":0,"minDurationSeconds":0}')
     RETURNING id`,
  );
  const alarm = await one(
    `INSERT INTO alarm (rule_name, kind, product, operating_site_id, serial_number, device_name, type, code,
                        description, opened_at)
     VALUES ('Matrix', 'event', 'battery', $1, 'MATRIX', 'Matrix', 'error', 'E1', 'Matrix', now()) RETURNING id::int`,
  );
  // Users of the site's organisation with no more rights than an administrator of the site: one invited, one active.
  const person = (kind: string, passwordHash: string | null) =>
    one(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id FROM site_node WHERE id = $1
         UNION SELECT n.id, n.parent_id FROM site_node n JOIN up ON n.id = up.parent_id
       ), person AS (
         INSERT INTO app_user (email, password_hash, organization_id)
         SELECT $2, $3, id FROM up WHERE parent_id IS NULL RETURNING id
       ), granted AS (INSERT INTO user_site_grant (user_id, site_node_id) SELECT id, $1 FROM person)
       SELECT id FROM person`,
      [site, `people-${kind}-${site}-${filterOwner}`, passwordHash],
    );
  const invited = await person('invited', null);
  const active = await person('active', 'matrix-hash');
  const campaign = await firmwareCampaign(db, site);
  const reportSchedule = await one(
    `INSERT INTO report_schedule (operating_site_id, kind, cadence, recipients, created_by_email)
     VALUES ($1, 'fleet', 'weekly', '[{"email":"matrix@cbm.test","language":"en"}]', 'matrix@cbm.test') RETURNING id`,
  );
  const ids = new Map<string, number | undefined>([
    ['/api/v2/ThresholdRule/:id', thresholdRule],
    ['/api/v2/mdload/MdloadThresholdRule/:id', mdloadThresholdRule],
    ['/api/v2/Alarm/:id/acknowledge', alarm],
    ['POST /api/v2/people/:userId/invitation', invited],
    ['DELETE /api/v2/people/:userId/invitation', invited],
    ['/api/v2/people/:userId/access', active],
    ['/api/v2/people/:userId/disable', active],
    ['/api/v2/people/:userId/enable', active],
    ['/api/v2/people/:userId/password-reset', active],
    ['/api/v2/BatteryGroup/:id', group],
    ['/api/v2/battery/Report/Schedule/:id', reportSchedule],
    ['/api/v2/Alert/:id', await alert('battery')],
    ['/api/v2/mdload/MdloadAlert/:id', await alert('mdload')],
    ['/api/v2/battery/Filters/:id', await filter('battery')],
    ['/api/v2/mdload/MdloadEventsFilter/:id', await filter('mdload')],
    ['/api/v2/battery/Datalog/:id/download', datalog],
    ['/api/v2/mdload/MdLoadLiveView/:id/charger', station],
    ['/api/v2/mdload/MdLoadLiveView/:id/group', station],
    ...['', '/pause', '/resume', '/cancel'].map((action): [string, number | undefined] => [
      `/api/v2/firmware/campaigns/:campaignId${action}`,
      campaign,
    ]),
  ]);
  return new Map([...ids].filter((entry): entry is [string, number] => entry[1] !== undefined));
}

/**
 * A firmware release of the site's organisation whose id is the site's (the bodies that name a release take
 * the site: releaseId), and a campaign at the site that holds none of its batteries open (so a new one can).
 */
async function firmwareCampaign(db: Queryable, site: number): Promise<number | undefined> {
  await db.query(
    `INSERT INTO update_file (file_name, sha256, size_bytes, storage_key) VALUES ('matrix.bin', 'matrix', 1, 'matrix-' || $1)
     ON CONFLICT DO NOTHING`,
    [site],
  );
  await db.query(
    `INSERT INTO firmware_release (id, organization_id, update_file_id, version, battery_types)
     SELECT $1, (${organizationOf('$1')}), f.id, 'matrix-' || $1,
            (SELECT array_agg(DISTINCT battery_type) FROM battery WHERE operating_site_id = $1)
       FROM update_file f WHERE f.storage_key = 'matrix-' || $1
     ON CONFLICT DO NOTHING`,
    [site],
  );
  const [campaign] = await db.query<{ id: number }>(
    `INSERT INTO firmware_campaign (organization_id, name, release_id, waves, failure_threshold_percent, download_origin)
     SELECT organization_id, 'Matrix campaign', id, '{100}', 10, 'http://localhost' FROM firmware_release WHERE id = $1
     RETURNING id`,
    [site],
  );
  await db.query(
    `INSERT INTO firmware_campaign_battery (campaign_id, battery_serial_number, operating_site_id, wave, open)
     SELECT $1, min(serial_number), $2, 1, false FROM battery WHERE operating_site_id = $2`,
    [campaign?.id, site],
  );
  return campaign?.id;
}

const alertBody = (target: RequestTarget) => ({
  operatingSiteId: target.site,
  name: 'Matrix',
  alertOnError: true,
  batterySerials: [target.serial],
  emails: ['matrix@cbm.test'],
});
const thresholdRuleBody = (target: RequestTarget) => ({
  operatingSiteId: target.site,
  name: 'Matrix',
  batterySerials: [target.serial],
  emails: ['matrix@cbm.test'],
  condition: { metric: 'socBelow', threshold: 20 },
});
const filterBody = { name: 'Matrix', columns: ['Timestamp'] };
const reportScheduleBody = (target: RequestTarget) => ({
  operatingSiteId: target.site,
  kind: 'battery',
  batterySerials: [target.serial],
  cadence: 'weekly',
  recipients: [{ email: 'matrix@cbm.test', language: 'en' }],
});

/**
 * Request bodies for routes whose schema does not tell everything validation checks (cross-field rules, known
 * columns, formats), keyed "METHOD /url". Each is valid for the target's site and battery.
 */
export const VALID_BODIES: Record<string, (target: RequestTarget) => unknown> = {
  'POST /api/v2/LicenseManagement': (target) => ({ displayIds: [target.displayId], eoLDate: '2030-12-31' }),
  'POST /api/v2/Alert': alertBody,
  'PUT /api/v2/Alert/:id': alertBody,
  'POST /api/v2/mdload/MdloadAlert': (target) => ({ ...alertBody(target), batterySerials: [target.mdloadSerial] }),
  'PUT /api/v2/mdload/MdloadAlert/:id': (target) => ({ ...alertBody(target), batterySerials: [target.mdloadSerial] }),
  'POST /api/v2/ThresholdRule': thresholdRuleBody,
  'PUT /api/v2/ThresholdRule/:id': thresholdRuleBody,
  'POST /api/v2/mdload/MdloadThresholdRule': (target) => ({
    ...thresholdRuleBody(target),
    batterySerials: [target.mdloadSerial],
    condition: { metric: 'stationPowerAbove', threshold: 100 },
  }),
  'PUT /api/v2/mdload/MdloadThresholdRule/:id': (target) => ({
    ...thresholdRuleBody(target),
    batterySerials: [target.mdloadSerial],
    condition: { metric: 'stationPowerAbove', threshold: 100 },
  }),
  'POST /api/v2/battery/Report/Schedule': reportScheduleBody,
  'PUT /api/v2/battery/Report/Schedule/:id': reportScheduleBody,
  'POST /api/v2/BatteryGroup/:id': () => ({ name: 'Matrix renamed' }),
  'POST /api/v2/battery/BatteryLiveView/:serial': () => ({ groupId: '' }),
  'POST /api/v2/battery/Filters': () => filterBody,
  'POST /api/v2/mdload/MdloadEventsFilter': () => filterBody,
  'POST /api/v2/people/invitations': (target) => ({
    email: `invited-${randomUUID()}@cbm.test`,
    features: [],
    sites: [{ operatingSiteId: target.site, permissions: [] }],
  }),
  'PUT /api/v2/people/:userId/access': (target) => ({
    features: [],
    sites: [{ operatingSiteId: target.site, permissions: [] }],
  }),
  'PUT /api/v2/user/password': () => ({ currentPassword: DEMO_PASSWORD, newPassword: 'Matrix-password-2026' }),
  'PUT /api/v2/user/language': () => ({ language: 'en' }),
  'POST /api/v2/user/two-factor/disable': () => ({ password: DEMO_PASSWORD }),
  'POST /api/v2/firmware/campaigns/preview': (target) => ({ releaseId: target.site, operatingSiteIds: [target.site] }),
  'POST /api/v2/firmware/campaigns': (target) => ({
    name: 'Matrix',
    releaseId: target.site,
    operatingSiteIds: [target.site],
  }),
  'POST /api/v2/devices': (target) => ({
    operatingSiteId: target.site,
    deviceClass: 'charger',
    serialNumber: `MATRIX-${randomUUID()}`,
    deviceType: 'matrix',
  }),
};

/** Multipart uploads, keyed "METHOD /url": the form a valid request sends. */
export const VALID_FORMS: Record<string, (target: RequestTarget) => FormData> = {
  'POST /api/v2/battery/Report/pdfFromCsv': (target) => {
    const form = new FormData();
    const fields = { language: 'en_US', timezone: 'Europe/Berlin', currency: 'EUR', pricePerKwh: '0.3' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const csv = reportCsv(reportSample({ serialNumber: target.serial }));
    form.append('cSVFile', new Blob([csv], { type: 'text/csv' }), 'datalog.csv');
    return form;
  },
  'POST /api/v2/devices/import': (target) => {
    const form = new FormData();
    const csv = `serial,class,type,site\nMATRIX-${randomUUID()},charger,matrix,${target.site}\n`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'devices.csv');
    return form;
  },
  'POST /api/v2/firmware/releases': () => {
    const form = new FormData();
    form.append('version', `matrix-${randomUUID().slice(0, 8)}`);
    form.append('batteryTypes', 'L80-930');
    form.append('firmwareFile', new Blob(['matrix firmware']), 'bms.bin');
    return form;
  },
  'POST /api/v2/battery/Update/:operatingSiteId/:serial': () => {
    const form = new FormData();
    form.append('updateFile', new Blob(['matrix firmware']), 'bms-9.9.9.bin');
    return form;
  },
};

/**
 * Answers other than 2xx that a route gives at the user's own site once authorisation let the request through,
 * because the record is in a state the fixtures do not set up, keyed "METHOD /url".
 */
export const OWN_SITE_STATE_ANSWERS: Record<string, { status: number; why: string }> = {
  'DELETE /api/v2/user/sessions': { status: 404, why: 'the matrix knows no session id of its user to end' },
  'POST /api/v2/user/two-factor/confirm': {
    status: 400,
    why: 'a right code needs the secret of the enrolment, which the matrix does not read (two-factor.api.test.ts does)',
  },
  'POST /api/v2/user/two-factor/disable': { status: 409, why: 'the matrix user has not turned two-factor sign-in on' },
  'GET /api/v2/battery/Datalog/:id/download': {
    status: 409,
    why: 'the fixture datalog is only requested; an uploaded one needs the battery to upload the file',
  },
};
