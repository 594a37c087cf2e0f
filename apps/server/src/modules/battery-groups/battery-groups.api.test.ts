import { batteryGroupSchema, batteryGroupsSchema } from '@cbm/contracts/battery-groups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('battery groups', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let blocked: string;
  let hamburg: number;
  let wien: number;
  const groups = async (siteId: number, cookie = admin) => {
    const response = await t.request({ url: `/api/v2/BatteryGroup?operatingSiteId=${siteId}`, cookie });
    expect(response.statusCode).toBe(200);
    return batteryGroupsSchema.parse(response.json());
  };
  const create = (payload: object, cookie = admin, language = 'en') =>
    t.request({
      method: 'POST',
      url: '/api/v2/BatteryGroup',
      payload,
      cookie,
      headers: { 'accept-language': language },
    });
  const rename = (id: number | string, siteId: number, payload: object, language = 'en') =>
    t.request({
      method: 'POST',
      url: `/api/v2/BatteryGroup/${id}?operatingSiteId=${siteId}`,
      payload,
      cookie: admin,
      headers: { 'accept-language': language },
    });
  const remove = (id: number | string, siteId: number, cookie = admin) =>
    t.request({ method: 'DELETE', url: `/api/v2/BatteryGroup/${id}?operatingSiteId=${siteId}`, cookie });
  const groupOf = async (serial: string) => {
    const [row] = await t.db.query<{ group_id: number | null }>(
      'SELECT group_id FROM battery WHERE serial_number = $1',
      [serial],
    );
    return row?.group_id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    blocked = await t.signIn('blocked@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    hamburg = ids['Hamburg Hafen'] as number;
    wien = ids['Wien Süd'] as number;
  });
  afterAll(() => t.close());

  describe('GET /api/v2/BatteryGroup', () => {
    it("lists the site's groups by name, and only those", async () => {
      const list = await groups(hamburg);
      const rows = await t.db.query<{ id: number }>('SELECT id FROM battery_group WHERE operating_site_id = $1', [
        hamburg,
      ]);
      expect(list.map((group) => group.id).sort()).toEqual(rows.map((row) => row.id).sort());
      const names = list.map((group) => group.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('answers 403 without cbm_liveview or site access, 404 for unknown sites, 400 for bad ids', async () => {
      const noFeature = await t.request({ url: `/api/v2/BatteryGroup?operatingSiteId=${hamburg}`, cookie: blocked });
      expect(noFeature.statusCode).toBe(403);
      const otherOrg = await t.request({ url: `/api/v2/BatteryGroup?operatingSiteId=${wien}`, cookie: operator });
      expect(otherOrg.statusCode).toBe(403);
      const unknown = await t.request({ url: '/api/v2/BatteryGroup?operatingSiteId=999999', cookie: admin });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.request({ url: '/api/v2/BatteryGroup?operatingSiteId=abc', cookie: admin });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['querystring.operatingSiteId']);
    });
  });

  describe('POST /api/v2/BatteryGroup', () => {
    it('creates a group (trimmed name) and records it in the audit log', async () => {
      const response = await create({ name: '  Night shift ', operatingSiteId: hamburg }, operator);
      expect(response.statusCode).toBe(201);
      const group = batteryGroupSchema.parse(response.json());
      expect(group.name).toBe('Night shift');
      expect(await groups(hamburg)).toContainEqual(group);
      const audit = await t.db.query<{ action: string }>(
        `SELECT action FROM audit_entry WHERE entity_type = 'batteryGroup' AND entity_id = $1`,
        [String(group.id)],
      );
      expect(audit.map((entry) => entry.action)).toEqual(['group.created']);
    });

    it('refuses empty, over-long and taken names with a message in the user language', async () => {
      const empty = await create({ name: '   ', operatingSiteId: hamburg });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ 'body.name': ['This value is required'] });
      const long = await create({ name: 'x'.repeat(101), operatingSiteId: hamburg }, admin, 'de');
      expect(long.statusCode).toBe(400);
      expect(long.json().errors['body.name'][0]).toMatch(/100/);
      await create({ name: 'Twice', operatingSiteId: hamburg });
      const taken = await create({ name: 'Twice', operatingSiteId: hamburg }, admin, 'de');
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'batteryGroups.nameTaken',
        message: expect.stringContaining('Twice'),
      });
      expect(taken.json().message).toMatch(/Gruppe/);
      const elsewhere = await create({ name: 'Twice', operatingSiteId: wien });
      expect(elsewhere.statusCode).toBe(201);
    });

    it('answers 403 for a site the user may not see and 400 without a site', async () => {
      expect((await create({ name: 'Nope', operatingSiteId: wien }, operator)).statusCode).toBe(403);
      expect((await create({ name: 'Nope' })).statusCode).toBe(400);
    });
  });

  describe('POST /api/v2/BatteryGroup/{id}', () => {
    it('renames a group of the site', async () => {
      const group = batteryGroupSchema.parse((await create({ name: 'Old', operatingSiteId: hamburg })).json());
      const response = await rename(group.id, hamburg, { name: 'New' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: group.id, name: 'New' });
      expect(await groups(hamburg)).toContainEqual({ id: group.id, name: 'New' });
    });

    it("answers 404 for another site's group and never touches it; 400 for bad ids and names", async () => {
      const foreign = batteryGroupSchema.parse((await create({ name: 'Foreign', operatingSiteId: wien })).json());
      const response = await rename(foreign.id, hamburg, { name: 'Hijacked' }, 'de');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('batteryGroups.notFound');
      expect(response.json().message).toMatch(/Batteriegruppe/);
      expect(await groups(wien)).toContainEqual(foreign);
      expect((await rename('abc', hamburg, { name: 'X' })).statusCode).toBe(400);
      expect((await rename(-1, hamburg, { name: 'X' })).statusCode).toBe(400);
      expect((await rename(999999, hamburg, { name: 'X' })).statusCode).toBe(404);
      expect((await rename(foreign.id, wien, { name: '' })).statusCode).toBe(400);
      expect((await rename(foreign.id, wien, { name: 'y'.repeat(101) })).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/v2/BatteryGroup/{id}', () => {
    it('deletes the group and moves its batteries to Ungrouped', async () => {
      const [group] = await t.db.query<{ id: number }>(
        `SELECT g.id FROM battery_group g WHERE g.operating_site_id = $1
            AND EXISTS (SELECT 1 FROM battery b WHERE b.group_id = g.id) ORDER BY g.id LIMIT 1`,
        [hamburg],
      );
      const members = await t.db.query<{ serial_number: string }>(
        'SELECT serial_number FROM battery WHERE group_id = $1',
        [group?.id],
      );
      expect(members.length).toBeGreaterThan(0);
      const response = await remove(group?.id as number, hamburg);
      expect(response.statusCode).toBe(200);
      expect(response.json().movedToUngrouped.sort()).toEqual(members.map((row) => row.serial_number).sort());
      for (const { serial_number } of members) expect(await groupOf(serial_number)).toBeNull();
      expect((await groups(hamburg)).map((entry) => entry.id)).not.toContain(group?.id);
    });

    it("answers 404 for another site's group, 403 without access, 400 for bad ids", async () => {
      const foreign = batteryGroupSchema.parse((await create({ name: 'Keep me', operatingSiteId: wien })).json());
      expect((await remove(foreign.id, hamburg)).statusCode).toBe(404);
      expect(await groups(wien)).toContainEqual(foreign);
      expect((await remove(foreign.id, wien, operator)).statusCode).toBe(403);
      expect((await remove('x', hamburg)).statusCode).toBe(400);
      expect((await remove(foreign.id, wien, blocked)).statusCode).toBe(403);
    });
  });
});
