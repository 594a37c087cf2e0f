import { savedEventFilterSchema, savedEventFiltersSchema } from '@cbm/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const PATHS = [
  { product: 'battery', filters: '/api/v2/battery/Filters' },
  { product: 'mdload', filters: '/api/v2/mdload/MdloadEventsFilter' },
] as const;

describeEachDatabase('saved event filters', (kind) => {
  let t: TestApp;
  let admin: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    other = await signInScopedAdmin(t, {
      email: 'filters-other@cbm.test',
      features: ['cbm_filter', 'cbm_mdevent'],
      manages: [ids['Nordlicht Logistik GmbH'] as number],
    });
  }, 300_000);
  afterAll(() => t.close());

  describe.each(PATHS)('$filters', ({ product, filters }) => {
    const serialColumn = product === 'battery' ? 'BatterySerialNumber' : 'MdLoadSerial';
    const save = (payload: object, cookie = admin, language = 'en') =>
      t.request({ method: 'POST', url: filters, payload, cookie, headers: { 'accept-language': language } });
    const list = async (cookie = admin) =>
      savedEventFiltersSchema.parse((await t.request({ url: filters, cookie })).json());

    it('saves, lists, replaces by name and deletes the user’s own filters, and audits each change', async () => {
      const body = {
        name: 'Warnings, low SoC',
        columns: ['Timestamp', serialColumn, 'EventType'],
        attributeFilters: [{ name: 'EventType', values: ['warning'] }],
      };
      const created = savedEventFilterSchema.parse((await save(body)).json());
      expect(created).toMatchObject(body);
      const replaced = savedEventFilterSchema.parse((await save({ ...body, columns: ['Timestamp'] })).json());
      expect(replaced.id).toBe(created.id);
      expect(await list()).toEqual([{ ...body, id: created.id, columns: ['Timestamp'] }]);
      expect(await list(other)).toEqual([]);

      const foreign = await t.request({ method: 'DELETE', url: `${filters}/${created.id}`, cookie: other });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('events.filterNotFound');
      const deleted = await t.request({ method: 'DELETE', url: `${filters}/${created.id}`, cookie: admin });
      expect(deleted.statusCode).toBe(204);
      expect(await list()).toEqual([]);
      const again = await t.request({ method: 'DELETE', url: `${filters}/${created.id}`, cookie: admin });
      expect(again.statusCode).toBe(404);

      const audited = await t.db.query<{ action: string }>(
        "SELECT action FROM audit_entry WHERE entity_type = 'eventFilter' AND entity_id = $1 ORDER BY id",
        [String(created.id)],
      );
      expect(audited.map((row) => row.action)).toEqual(['filter.saved', 'filter.saved', 'filter.deleted']);
    });

    it('answers 400 for unknown columns and attribute filters, and for an empty name', async () => {
      const column = await save({ name: 'x', columns: ['Timestamp', 'Secret'], attributeFilters: [] }, admin, 'de');
      expect(column.json()).toMatchObject({ statusCode: 400, code: 'events.unknownAttribute' });
      expect(column.json().message).toContain('„Secret“');
      const attribute = await save({ name: 'x', columns: ['Timestamp'], attributeFilters: [{ name: 'x', text: 'a' }] });
      expect(attribute.json().code).toBe('events.unknownAttribute');
      const name = await save({ name: '  ', columns: ['Timestamp'] });
      expect(name.statusCode).toBe(400);
      expect(name.json().errors['body.name']).toEqual(['This value is required']);
    });

    it('answers 404 for an id that is not a filter, and 400 for one that is not a number', async () => {
      expect((await t.request({ method: 'DELETE', url: `${filters}/2147483647`, cookie: admin })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `${filters}/abc`, cookie: admin })).statusCode).toBe(400);
    });
  });

  it('keeps battery and charger-station filters apart', async () => {
    const saved = await t.request({
      method: 'POST',
      url: '/api/v2/battery/Filters',
      payload: { name: 'Battery only', columns: ['Timestamp'] },
      cookie: admin,
    });
    const { id } = savedEventFilterSchema.parse(saved.json());
    const mdload = await t.request({ method: 'DELETE', url: `/api/v2/mdload/MdloadEventsFilter/${id}`, cookie: admin });
    expect(mdload.statusCode).toBe(404);
    const operator = await t.signIn('operator@cbm.demo');
    expect((await t.request({ url: '/api/v2/battery/Filters', cookie: operator })).statusCode).toBe(403);
  });
});
