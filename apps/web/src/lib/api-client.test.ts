import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, ApiRequestError, api, apiFile, toQueryString } from './api-client';
import { notifications } from './notifications/notification-store';

const respond = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

describe('api client', () => {
  beforeEach(() => {
    for (const item of notifications.list()) notifications.remove(item.id);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls /api/v2 with JSON and repeats array query keys', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      api('/battery/BatteryList', { query: { operatingSiteIds: [1, 2], skip: undefined } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith(
      `${API_BASE}/battery/BatteryList?operatingSiteIds=1&operatingSiteIds=2`,
      expect.anything(),
    );
    expect(toQueryString({})).toBe('');
  });

  it('turns a failure into toasts of 3000 ms and re-throws it', async () => {
    vi.stubGlobal('fetch', respond(400, { statusCode: 400, errors: { name: ['Name is required'] } }));
    const failure = api('/Alert', { method: 'POST', body: {} });
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
    await expect(api('/user')).rejects.toMatchObject({ status: 0 });
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
    const file = await apiFile('/Statistics/export', { query: { serials: ['all'] } });
    expect(file.fileName).toBe('export.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(csv);

    vi.stubGlobal('fetch', respond(400, { statusCode: 400, code: 'x', message: 'Choose at most 1100 days' }));
    await expect(apiFile('/Statistics/export')).rejects.toMatchObject({ status: 400 });
    expect(notifications.list()).toMatchObject([{ type: 'error', message: 'Choose at most 1100 days' }]);
  });

  it('stays silent when asked, and still re-throws', async () => {
    vi.stubGlobal('fetch', respond(500, { message: 'x' }));
    await expect(api('/battery/Events', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(notifications.list()).toEqual([]);
  });
});
