import type { Alert } from '@cbm/contracts/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('alerts API', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let siteId: number;
  let otherSiteId: number;
  let groupId: number;
  let batteryType: string;
  let serial: string;

  const body = (values: Record<string, unknown> = {}) => ({
    operatingSiteId: siteId,
    name: 'Shift A errors',
    active: true,
    alertOnError: true,
    alertOnWarning: false,
    alertOnLimit: false,
    groupId: [groupId, 'ungrouped'],
    batteryTypes: [batteryType],
    batterySerials: [],
    emails: ['Ops@Example.com'],
    ...values,
  });
  const post = (payload: object, cookie = operator, language = 'en') =>
    t.request({ method: 'POST', url: '/api/v2/Alert', payload, cookie, headers: { 'accept-language': language } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    const visible: number[] = (
      await t.request({ url: '/api/v2/OperatingSites/access?featureName=cbm_alert', cookie: operator })
    ).json();
    const [battery] = await t.db.query<{ site: number; type: string; serial: string }>(
      `SELECT operating_site_id AS site, battery_type AS type, serial_number AS serial FROM battery
        WHERE operating_site_id = ANY($1::int[]) ORDER BY serial_number LIMIT 1`,
      [visible],
    );
    ({ site: siteId, type: batteryType, serial } = battery as { site: number; type: string; serial: string });
    const [group] = await t.db.query<{ id: number }>(
      'INSERT INTO battery_group (operating_site_id, name) VALUES ($1, $2) RETURNING id',
      [siteId, 'Alert test group'],
    );
    groupId = group?.id as number;
    const [other] = await t.db.query<{ id: number }>(
      'SELECT id FROM operating_site WHERE NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1',
      [visible],
    );
    otherSiteId = other?.id as number;
  }, 900_000);
  afterAll(() => t?.close());

  it('creates, lists, updates and deletes an alert, each audited', async () => {
    const created = await post(body());
    expect(created.statusCode).toBe(201);
    const alert: Alert = created.json();
    expect(alert).toMatchObject({ name: 'Shift A errors', emails: ['ops@example.com'], operatingSiteId: siteId });
    expect(alert.groupId).toEqual(['ungrouped', groupId]);

    const list = await t.request({ url: `/api/v2/Alert?operatingSiteId=${siteId}`, cookie: operator });
    expect(list.json()).toContainEqual(alert);

    const updated = await t.request({
      method: 'PUT',
      url: `/api/v2/Alert/${alert.id}`,
      cookie: operator,
      payload: body({ name: 'By serial', groupId: [], batteryTypes: [], batterySerials: [serial], active: false }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: alert.id, name: 'By serial', batterySerials: [serial], active: false });

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v2/Alert/${alert.id}?operatingSiteId=${siteId}`,
      cookie: operator,
    });
    expect(deleted.json()).toEqual({ id: alert.id });
    const after = await t.request({ url: `/api/v2/Alert?operatingSiteId=${siteId}`, cookie: operator });
    expect(after.json().map((item: Alert) => item.id)).not.toContain(alert.id);

    const actions = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_entry WHERE entity_type = 'alert' AND entity_id = $1 ORDER BY id",
      [String(alert.id)],
    );
    expect(actions.map((row) => row.action)).toEqual(['alert.created', 'alert.updated', 'alert.deleted']);
  });

  it('stores All groups as no group narrowing and reads it back as the explicit choice', async () => {
    const created = await post(body({ name: 'Every group', groupId: ['all'] }));
    expect(created.statusCode).toBe(201);
    const alert: Alert = created.json();
    expect(alert.groupId).toEqual(['all']);
    const [row] = await t.db.query<{ groups: number[]; ungrouped: boolean }>(
      'SELECT group_ids AS groups, include_ungrouped AS ungrouped FROM alert WHERE id = $1',
      [alert.id],
    );
    expect(row).toEqual({ groups: [], ungrouped: false });
    const list = await t.request({ url: `/api/v2/Alert?operatingSiteId=${siteId}`, cookie: operator });
    expect(list.json()).toContainEqual(alert);
    const mixed = await post(body({ groupId: ['all', groupId] }));
    expect(mixed.json().errors).toEqual({
      'body.groupId': ['“All groups” already includes every group: remove the other groups'],
    });
  });

  it('answers every validation message where it applies, in English and German', async () => {
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      'body.operatingSiteId': ['Please select one or more organizations'],
      'body.name': ['Name is required'],
      'body.emails': ['E-Mail is required'],
      'body.alertOnError': ['Choose at least one kind: error, warning or limit'],
      'body.groupId': ['One or more groups are required'],
      'body.batteryTypes': ['One or more battery types are required'],
      'body.batterySerials': ['Battery serials is required'],
    });

    const nothingChosen = await post(body({ name: '  ', groupId: [], batteryTypes: [], emails: ['not-an-address'] }));
    expect(nothingChosen.json().errors).toMatchObject({
      'body.name': ['Name is required'],
      'body.emails.0': ['E-Mail is invalid'],
    });
    const selection = await post(body({ groupId: [], batteryTypes: [] }));
    expect(selection.json().errors).toEqual({
      'body.groupId': ['One or more groups are required'],
      'body.batteryTypes': ['One or more battery types are required'],
      'body.batterySerials': ['Battery serials is required'],
    });
    const noEmail = await post(body({ emails: [] }));
    expect(noEmail.json().errors).toEqual({ 'body.emails': ['E-Mail is required'] });

    const both = await post(body({ batterySerials: [serial] }));
    expect(both.json().errors).toEqual({
      'body.batterySerials': ['Choose either battery serials or groups and battery types, not both'],
    });

    const german = await post(body({ name: '', groupId: [], emails: ['x@'] }), operator, 'de-DE');
    expect(german.json().errors).toMatchObject({
      'body.name': ['Name ist erforderlich'],
      'body.emails.0': ['E-Mail ist ungültig'],
      'body.groupId': ['Eine oder mehrere Gruppen sind erforderlich'],
    });
    const germanEmpty = await post({}, operator, 'de');
    expect(germanEmpty.json().errors['body.operatingSiteId']).toEqual([
      'Bitte wählen Sie eine oder mehrere Organisationen aus',
    ]);
  });

  it('refuses groups and serials of another site (400) and sites the user may not see (403)', async () => {
    const [foreign] = await t.db.query<{ serial: string }>(
      'SELECT serial_number AS serial FROM battery WHERE operating_site_id = $1 LIMIT 1',
      [otherSiteId],
    );
    const serialElsewhere = await post(body({ groupId: [], batteryTypes: [], batterySerials: [foreign?.serial] }));
    expect(serialElsewhere.statusCode).toBe(400);
    expect(serialElsewhere.json()).toMatchObject({ code: 'alerts.unknownSelection' });
    expect((await post(body({ groupId: [999_999] }))).json()).toMatchObject({ code: 'alerts.unknownSelection' });
    expect((await post(body({ operatingSiteId: otherSiteId }))).statusCode).toBe(403);
  });

  it('keeps other sites’ alerts invisible and untouchable (404)', async () => {
    const foreign: Alert = (await post(body({ operatingSiteId: otherSiteId, groupId: ['ungrouped'] }), admin)).json();
    const list = await t.request({ url: `/api/v2/Alert?operatingSiteId=${siteId}`, cookie: admin });
    expect(list.json().map((alert: Alert) => alert.id)).not.toContain(foreign.id);

    for (const cookie of [operator, admin]) {
      const put = await t.request({
        method: 'PUT',
        url: `/api/v2/Alert/${foreign.id}`,
        cookie,
        payload: body({ name: 'Taken over' }),
      });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toMatchObject({ code: 'alerts.notFound' });
      const del = await t.request({
        method: 'DELETE',
        url: `/api/v2/Alert/${foreign.id}?operatingSiteId=${siteId}`,
        cookie,
      });
      expect(del.statusCode).toBe(404);
    }
    const [row] = await t.db.query<{ name: string }>('SELECT name FROM alert WHERE id = $1', [foreign.id]);
    expect(row?.name).toBe('Shift A errors');
    const mdloadById = await t.request({
      method: 'DELETE',
      url: `/api/v2/mdload/MdloadAlert/${foreign.id}?operatingSiteId=${otherSiteId}`,
      cookie: admin,
    });
    expect(mdloadById.statusCode).toBe(404);
  });

  it('offers the site’s batteries, types and groups', async () => {
    const query = `?operatingSiteId=${siteId}`;
    const batteries = (await t.request({ url: `/api/v2/Alert/filter/batteries${query}`, cookie: operator })).json();
    expect(batteries).toContainEqual(expect.objectContaining({ batterySerialNumber: serial, batteryType }));
    const types = (await t.request({ url: `/api/v2/Alert/filter/batteryTypes${query}`, cookie: operator })).json();
    expect(types).toContain(batteryType);
    const groups = (await t.request({ url: `/api/v2/Alert/filter/groups${query}`, cookie: operator })).json();
    expect(groups).toContainEqual({ id: groupId, name: 'Alert test group' });
  });

  describe('charger-station alerts (/mdload/MdloadAlert)', () => {
    let mdloadSiteId: number;
    let unit: string;
    beforeAll(async () => {
      const [row] = await t.db.query<{ site: number; serial: string }>(
        'SELECT operating_site_id AS site, mdload_serial AS serial FROM mdload_unit ORDER BY id LIMIT 1',
      );
      ({ site: mdloadSiteId, serial: unit } = row as { site: number; serial: string });
    });
    const mdloadBody = (values: Record<string, unknown> = {}) =>
      body({ operatingSiteId: mdloadSiteId, groupId: [], batteryTypes: [], batterySerials: [unit], ...values });

    it('needs cbm_mdlalert', async () => {
      const refused = await t.request({
        url: `/api/v2/mdload/MdloadAlert?operatingSiteId=${mdloadSiteId}`,
        cookie: operator,
      });
      expect(refused.statusCode).toBe(403);
    });

    it('creates, updates and deletes by unit, and has no groups', async () => {
      const url = '/api/v2/mdload/MdloadAlert';
      const created = await t.request({ method: 'POST', url, cookie: admin, payload: mdloadBody() });
      expect(created.statusCode).toBe(201);
      const alert: Alert = created.json();
      const units = (
        await t.request({ url: `${url}/filter/batteries?operatingSiteId=${mdloadSiteId}`, cookie: admin })
      ).json();
      expect(units).toContainEqual(expect.objectContaining({ batterySerialNumber: unit }));
      const batteryList = (
        await t.request({ url: `/api/v2/Alert?operatingSiteId=${mdloadSiteId}`, cookie: admin })
      ).json();
      expect(batteryList.map((item: Alert) => item.id)).not.toContain(alert.id);
      const withGroup = await t.request({ method: 'POST', url, cookie: admin, payload: mdloadBody({ groupId: [1] }) });
      expect(withGroup.json().errors).toHaveProperty('body.groupId');
      const nothing = await t.request({
        method: 'POST',
        url,
        cookie: admin,
        payload: mdloadBody({ batterySerials: [] }),
      });
      expect(nothing.json().errors).toEqual({
        'body.batteryTypes': ['One or more battery models are required'],
        'body.batterySerials': ['One or more charger-station units are required'],
      });
      const renamed = await t.request({
        method: 'PUT',
        url: `${url}/${alert.id}`,
        cookie: admin,
        payload: mdloadBody({ name: 'Units' }),
      });
      expect(renamed.json()).toMatchObject({ name: 'Units' });
      const del = await t.request({
        method: 'DELETE',
        url: `${url}/${alert.id}?operatingSiteId=${mdloadSiteId}`,
        cookie: admin,
      });
      expect(del.statusCode).toBe(200);
    });
  });
});
