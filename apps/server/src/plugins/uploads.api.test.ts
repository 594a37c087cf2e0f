import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorHandlerPlugin } from './error-handler';
import { requestLanguagePlugin } from './request-language';
import { readUpload, safeFileName, uploadsPlugin } from './uploads';

async function multipart(form: FormData) {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

describe('uploads', () => {
  let app: FastifyInstance;
  let hold: Promise<void> | undefined;
  let receiving = 0;
  beforeAll(async () => {
    app = Fastify();
    await app.register(requestLanguagePlugin);
    await app.register(errorHandlerPlugin);
    await app.register(uploadsPlugin, { perUser: 1, total: 2 });
    app.post('/upload', { schema: { consumes: ['multipart/form-data'] } }, async (request) => {
      const userId = Number(request.headers['x-user'] ?? 1);
      const upload = await readUpload(request, {
        maxBytes: 1024,
        userId,
        receive: async (file, fields) => {
          receiving += 1;
          await hold;
          let size = 0;
          for await (const chunk of file.stream) size += chunk.length;
          return { size, fieldsBefore: fields };
        },
      });
      return upload ? { fileName: upload.fileName, ...upload.received, fields: upload.fields } : { none: true };
    });
    app.post('/json', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('reads one file with its fields', async () => {
    const form = new FormData();
    form.append('id', '7');
    form.append('updateFile', new Blob(['firmware']), '../../etc/passwd');
    const response = await app.inject({ method: 'POST', url: '/upload', ...(await multipart(form)) });
    expect(response.json()).toEqual({ fileName: 'passwd', size: 8, fieldsBefore: { id: '7' }, fields: { id: '7' } });
  });

  it('answers 400 for a field sent after the file', async () => {
    const form = new FormData();
    form.append('updateFile', new Blob(['firmware']), 'update.bin');
    form.append('version', '1.2.3');
    const response = await app.inject({ method: 'POST', url: '/upload', ...(await multipart(form)) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Send the form fields before the file: a field came after it.');
  });

  it('limits parallel uploads per user (429) and in total (503), and frees the places afterwards', async () => {
    const form = new FormData();
    form.append('updateFile', new Blob(['firmware']), 'update.bin');
    const body = await multipart(form);
    const send = (user: number) =>
      app.inject({ method: 'POST', url: '/upload', ...body, headers: { ...body.headers, 'x-user': String(user) } });
    let open = () => {};
    hold = new Promise((resolve) => {
      open = resolve;
    });
    receiving = 0;
    const first = send(1);
    const second = send(2);
    await vi.waitFor(() => expect(receiving).toBe(2));
    const sameUser = await send(1);
    expect(sameUser.statusCode).toBe(429);
    expect(sameUser.json()).toMatchObject({ code: 'request.tooManyUploads' });
    expect(sameUser.json().message).toContain('already uploading 1 files');
    const thirdUser = await send(3);
    expect(thirdUser.statusCode).toBe(503);
    expect(thirdUser.json()).toMatchObject({ code: 'server.uploadsBusy' });
    open();
    hold = undefined;
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await send(1)).statusCode).toBe(200);
  });

  it('answers 413 with the limit for a file that is too large', async () => {
    const form = new FormData();
    form.append('updateFile', new Blob([Buffer.alloc(2048)]), 'big.bin');
    const response = await app.inject({ method: 'POST', url: '/upload', ...(await multipart(form)) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large. Files up to 1 MB are accepted.');
    const small = new FormData();
    small.append('updateFile', new Blob(['ok']), 'small.bin');
    expect((await app.inject({ method: 'POST', url: '/upload', ...(await multipart(small)) })).statusCode).toBe(200);
  });

  it('answers 415 in German for a body that is not multipart', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'accept-language': 'de' },
      payload: { id: 1 },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain('Datei-Upload');
  });

  it('answers 415 to an upload sent to a route that takes no files', async () => {
    const form = new FormData();
    form.append('updateFile', new Blob(['firmware']), 'update.bin');
    const response = await app.inject({ method: 'POST', url: '/json', ...(await multipart(form)) });
    expect(response.statusCode).toBe(415);
  });

  it('answers 413 for more than one file', async () => {
    const form = new FormData();
    form.append('a', new Blob(['1']), 'a.bin');
    form.append('b', new Blob(['2']), 'b.bin');
    const response = await app.inject({ method: 'POST', url: '/upload', ...(await multipart(form)) });
    expect(response.statusCode).toBe(413);
  });
});

describe('safeFileName', () => {
  it.each([
    ['C:\\temp\\update.bin', 'update.bin'],
    ['..', 'upload'],
    ['.hidden', 'hidden'],
    ['a\u0000b.zip', 'ab.zip'],
  ])('%s → %s', (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });
});
