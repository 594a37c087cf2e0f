import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  beforeAll(async () => {
    app = Fastify();
    await app.register(requestLanguagePlugin);
    await app.register(errorHandlerPlugin);
    await app.register(uploadsPlugin);
    app.post('/upload', { schema: { consumes: ['multipart/form-data'] } }, async (request) => {
      const upload = await readUpload(request, { maxBytes: 1024 });
      return upload ? { fileName: upload.fileName, size: upload.data.length, fields: upload.fields } : { none: true };
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
    expect(response.json()).toEqual({ fileName: 'passwd', size: 8, fields: { id: '7' } });
  });

  it('answers 413 with the limit for a file that is too large', async () => {
    const form = new FormData();
    form.append('updateFile', new Blob([Buffer.alloc(2048)]), 'big.bin');
    const response = await app.inject({ method: 'POST', url: '/upload', ...(await multipart(form)) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large. Files up to 1 MB are accepted.');
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
