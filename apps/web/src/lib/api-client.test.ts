import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, ApiRequestError, api, apiFile, failureMessage, toQueryString } from './api-client';
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

  it('sends FormData as multipart, leaving its content type to the browser', async () => {
    const fetchMock = respond(201, { jobId: 1 });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('version', '1.2');
    await expect(api('/battery/Update/1/B-1', { method: 'POST', body: form })).resolves.toEqual({ jobId: 1 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).toMatchObject({ accept: 'application/json', 'accept-language': expect.any(String) });
  });

  it('sends JSON with its content type (the cross-site check needs it)', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await api('/BatteryGroup', { method: 'POST', body: { name: 'A' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ body: '{"name":"A"}', headers: { 'content-type': 'application/json' } });
  });

  it('sends a signed-out user to the sign-in page for every kind of call, without toasts', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/site/1/reports', search: '?a=1', assign });
    vi.stubGlobal('fetch', respond(401, { message: 'Sign in' }));
    await expect(apiFile('/battery/Report/B-1/pdf', { method: 'POST', body: new FormData() })).rejects.toMatchObject({
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
