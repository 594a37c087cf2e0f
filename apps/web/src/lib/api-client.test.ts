import { batteryGroupsEndpoints } from '@cbm/contracts/endpoints/battery-groups';
import { batteryListEndpoints } from '@cbm/contracts/endpoints/battery-list';
import { eventEndpoints } from '@cbm/contracts/endpoints/events';
import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import { statisticsEndpoints } from '@cbm/contracts/endpoints/statistics';
import { updatesEndpoints } from '@cbm/contracts/endpoints/updates';
import { userEndpoints } from '@cbm/contracts/endpoints/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, call, callFile, endpointUrl, failureMessage, toQueryString } from './api-client';
import { notifications } from './notifications/notification-store';

const EXPORT_QUERY = { operatingSiteId: 1, serials: ['all'], from: '', to: '', resolution: 'daily' } as const;

const respond = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

describe('api client', () => {
  beforeEach(() => {
    for (const item of notifications.list()) notifications.remove(item.id);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls the endpoint below the API prefix with JSON and repeats array query keys', async () => {
    const page = { batteries: [], totalCount: 0 };
    const fetchMock = respond(200, page);
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(batteryListEndpoints.list, { query: { operatingSiteIds: [1, 2] } })).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v2/battery/BatteryList?operatingSiteIds=1&operatingSiteIds=2',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(toQueryString({})).toBe('');
  });

  it('fills in the path parameters, each encoded', () => {
    expect(
      endpointUrl(batteryListEndpoints.enableRemote, { params: { serial: 'B 1/2' }, query: { operatingSiteId: 3 } }),
    ).toBe('/api/v2/battery/BatteryList/B%201%2F2/enableremote?operatingSiteId=3');
  });

  it('checks an answer against the endpoint’s schema in tests and development', async () => {
    vi.stubGlobal('fetch', respond(200, { batteries: 'none' }));
    await expect(call(batteryListEndpoints.list, { query: { operatingSiteIds: [1] } })).rejects.toThrow();
  });

  it('turns a failure into toasts of 3000 ms and re-throws it', async () => {
    vi.stubGlobal('fetch', respond(400, { statusCode: 400, errors: { name: ['Name is required'] } }));
    const failure = call(batteryGroupsEndpoints.create, { body: { name: '', operatingSiteId: 1 } });
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    expect(notifications.list()).toMatchObject([
      { type: 'error', title: 'Api Error', message: 'Name is required', autoCloseMs: 3000 },
    ]);
  });

  it('shows the client message when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(userEndpoints.get)).rejects.toMatchObject({ status: 0 });
    expect(notifications.list()).toMatchObject([{ message: 'Failed to fetch' }]);
  });

  it('downloads a file as bytes with the server’s name, and a refusal as the toasts of any call', async () => {
    const csv = new Uint8Array([0xef, 0xbb, 0xbf, 0x61]);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(csv, { status: 200, headers: { 'content-disposition': 'attachment; filename="export.csv"' } }),
      ),
    );
    const file = await callFile(statisticsEndpoints.export, { query: EXPORT_QUERY });
    expect(file.fileName).toBe('export.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(csv);

    vi.stubGlobal('fetch', respond(400, { statusCode: 400, code: 'x', message: 'Choose at most 1100 days' }));
    await expect(callFile(statisticsEndpoints.export, { query: EXPORT_QUERY })).rejects.toMatchObject({ status: 400 });
    expect(notifications.list()).toMatchObject([{ type: 'error', message: 'Choose at most 1100 days' }]);
  });

  it('stays silent when asked, and still re-throws', async () => {
    vi.stubGlobal('fetch', respond(500, { message: 'x' }));
    await expect(
      call(eventEndpoints.battery.page, { body: { from: '', to: '', operatingSiteIds: [1] }, silent: true }),
    ).rejects.toMatchObject({ status: 500 });
    expect(notifications.list()).toEqual([]);
  });

  it('sends FormData as multipart, leaving its content type to the browser', async () => {
    const fetchMock = respond(201, { upToDate: true, job: null });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('version', '1.2');
    await expect(
      call(updatesEndpoints.start, { params: { operatingSiteId: 1, serial: 'B-1' }, body: form }),
    ).resolves.toEqual({ upToDate: true, job: null });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).toMatchObject({ accept: 'application/json', 'accept-language': expect.any(String) });
  });

  it('sends JSON with its content type (the cross-site check needs it)', async () => {
    const fetchMock = respond(201, { id: 7, name: 'A' });
    vi.stubGlobal('fetch', fetchMock);
    await call(batteryGroupsEndpoints.create, { body: { name: 'A', operatingSiteId: 1 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({
      body: '{"name":"A","operatingSiteId":1}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('sends a signed-out user to the sign-in page for every kind of call, without toasts', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/site/1/reports', search: '?a=1', assign });
    vi.stubGlobal('fetch', respond(401, { message: 'Sign in' }));
    await expect(
      callFile(reportsEndpoints.pdfFromCsv, { query: { operatingSiteId: 1 }, body: new FormData() }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(assign).toHaveBeenCalledWith(`/signin?next=${encodeURIComponent('/site/1/reports?a=1')}`);
    expect(notifications.list()).toEqual([]);
  });

  it('gives a form the server’s explanation of a refusal, else the client’s message', () => {
    expect(failureMessage(new ApiRequestError('POST /x failed', 400, { message: 'Line 2: bad serial' }))).toBe(
      'Line 2: bad serial',
    );
    expect(failureMessage(new ApiRequestError('POST /x failed', 500, undefined))).toBe('POST /x failed');
  });
});
