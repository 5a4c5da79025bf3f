import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CHAT_FILE_MAX_BYTES, type Channel, type ChatMessage, type UploadData } from '@salon/shared/contracts/chat';
import { contentDisposition, safeFileName } from '../../host-shell/server/services/chat-files';
import { createTestApp, type TestApp } from './helpers';
import { DOCX, EXE, HTML, ODT, PDF, PNG, ZIP, multipart, type Part } from './uploads';
import { openChannel } from './chat';
import { DEMO, login, userIdByEmail } from './accounts';
import { XHR, request } from './http';

let t: TestApp;
let visitor: string;
let exhibitor: string;
let stranger: string;
let channel: Channel;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await login(t.app, DEMO.visitor);
  exhibitor = await login(t.app, DEMO.exhibitor);
  stranger = await login(t.app, DEMO.visitor2);
  const exhibitorId = await userIdByEmail(t, DEMO.exhibitor);
  channel = await openChannel(t.app, visitor, exhibitorId);
}, 30_000);
afterAll(async () => {
  await t.close();
});

const upload = (parts: Part[], options: { cookie?: string; channelId?: string; headers?: Record<string, string> } = {}) => {
  const body = multipart(parts);
  return request(t.app, {
    method: 'POST',
    url: `/api/chat/channels/${options.channelId ?? channel.id_channel}/messages/upload`,
    headers: { ...XHR, cookie: options.cookie ?? visitor, ...body.headers, ...options.headers },
    payload: body.payload,
  });
};
const file = (filename: string, content: Buffer | string, type = 'application/octet-stream'): Part => ({
  name: 'file',
  filename,
  type,
  content,
});
const storedFiles = () => fs.readdirSync(t.app.config.uploadDir);

describe('POST /api/chat/channels/{id}/messages/upload', () => {
  it('stores a PDF under a random name and creates a file message', async () => {
    const response = await upload([file('Programme du salon.pdf', PDF, 'application/pdf')]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as UploadData;
    expect(data.success).toBe(true);
    expect(data.file).toMatchObject({
      type: 'file',
      prettyName: 'Programme du salon.pdf',
      extension: 'pdf',
      downloadable: true,
      size: PDF.length,
      mime: 'application/pdf',
    });
    expect(data.file.filename).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(data.file.url).toBe(`http://salon.test/chat/file/${data.file.filename}`);
    expect(data.chat_message).toMatchObject({ channel_id: channel.id_channel, content: data.file });
    expect(fs.readFileSync(path.join(t.app.config.uploadDir, data.file.filename))).toEqual(PDF);
    const messages = (
      await request(t.app, { method: 'GET', url: `/api/chat/channels/${channel.id_channel}/messages`, headers: { cookie: exhibitor } })
    ).json().data.messages as ChatMessage[];
    expect(messages.at(-1)).toEqual(data.chat_message);
  });

  it('makes an image message of a picture', async () => {
    const data = (await upload([file('photo.png', PNG, 'image/png')])).json().data as UploadData;
    expect(data.chat_message.content).toEqual({ type: 'image', url: data.file.url, filename: data.file.filename, prettyName: 'photo.png' });
    expect(data.file).toMatchObject({ mime: 'image/png', extension: 'png' });
  });

  it.each([
    ['a Word document', 'compte-rendu.docx', DOCX, 'docx'],
    ['an OpenDocument text', 'notes.odt', ODT, 'odt'],
    ['a zip archive', 'archive.zip', ZIP, 'zip'],
    ['plain UTF-8 text', 'à lire.txt', 'Bonjour,\nvoici le programme — à bientôt !\n', 'txt'],
    ['a CSV file', 'contacts.csv', 'name;email\nLéa;lea@example.com\n', 'csv'],
    ['a file without extension', 'LISEZMOI', 'Texte simple', 'txt'],
  ])('accepts %s', async (_case, name, content, extension) => {
    const response = await upload([file(name, content)]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.file.extension).toBe(extension);
  });

  it('accepts a file of exactly 5 MB and refuses one byte more with 413 and the spec’s message', async () => {
    expect((await upload([file('max.txt', Buffer.alloc(CHAT_FILE_MAX_BYTES, 'a'))])).statusCode).toBe(200);
    const before = storedFiles().length;
    const big = Buffer.concat([PNG, Buffer.alloc(CHAT_FILE_MAX_BYTES + 1 - PNG.length)]);
    const english = await upload([file('big.png', big)]);
    expect(english.statusCode).toBe(413);
    expect(english.json().data).toEqual({ error: true, message: 'The file limit is 5MB. Please upload a smaller file' });
    const french = await upload([file('big.png', big)], { cookie: exhibitor, headers: { cookie: `${exhibitor}; salon_locale=fr_FR` } });
    expect(french.statusCode).toBe(413);
    expect(french.json().data.message).toBe('La limite d’un fichier est de 5Mo. Veuillez télécharger un fichier plus petit');
    expect(storedFiles()).toHaveLength(before);
  });

  it.each([
    ['an executable renamed .pdf', 'facture.pdf', EXE, /not accepted/],
    ['an HTML page renamed .png', 'photo.png', HTML, /HTML, SVG and XML files are not accepted/],
    ['an HTML page renamed .txt', 'notes.txt', HTML, /HTML, SVG and XML files are not accepted/],
    ['an SVG image', 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', /HTML, SVG and XML/],
    ['a PDF renamed .png', 'image.png', PDF, /does not match its name \(\.png\)/],
    ['text renamed .docx', 'rapport.docx', 'just text', /does not match its name \(\.docx\)/],
    ['a binary blob', 'data.bin', Buffer.from([0, 1, 2, 3, 250, 251, 252, 0, 0, 7]), /not accepted/],
  ])('refuses %s with 415', async (_case, name, content, message) => {
    const before = storedFiles().length;
    const response = await upload([file(name, content, 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json().data).toEqual({ error: true, message: expect.stringMatching(message) });
    expect(storedFiles()).toHaveLength(before);
  });

  it('stores a retried upload once (same client_id) and tells the channel again', async () => {
    const emitted = jest.spyOn(t.app.realtime, 'emitToChannel');
    try {
      const parts = [{ name: 'client_id', content: 'upload-retry-1' }, file('retry.pdf', PDF)];
      const first = (await upload(parts)).json().data as UploadData;
      const count = storedFiles().length;
      const second = (await upload(parts)).json().data as UploadData;
      expect(second.chat_message.id_message).toBe(first.chat_message.id_message);
      expect(second.chat_message.client_id).toBe('upload-retry-1');
      expect(storedFiles()).toHaveLength(count);
      // The first attempt may have been stored and cut off before telling anyone: clients keep a message once by id.
      const told = emitted.mock.calls.map(([event, , message]) => [event, (message as ChatMessage).id_message]);
      expect(told).toEqual([
        ['new_chat_message', first.chat_message.id_message],
        ['new_chat_message', first.chat_message.id_message],
      ]);
    } finally {
      emitted.mockRestore();
    }
  });

  it('is for members of the channel only', async () => {
    const response = await upload([file('x.pdf', PDF)], { cookie: stranger });
    expect(response.statusCode).toBe(404);
    expect((await upload([file('x.pdf', PDF)], { channelId: 'zzzzzz' })).statusCode).toBe(404);
    expect((await upload([file('x.pdf', PDF)], { cookie: '' })).statusCode).toBe(401);
  });

  it('answers 400 without a file field, 415 to a body that is not multipart, 403 without X-Requested-With', async () => {
    expect((await upload([{ name: 'note', content: 'no file' }])).statusCode).toBe(400);
    expect((await upload([{ name: 'other', filename: 'a.pdf', content: PDF }])).statusCode).toBe(400);
    expect((await upload([file('empty.txt', '')])).statusCode).toBe(400);
    const json = await request(t.app, {
      method: 'POST',
      url: `/api/chat/channels/${channel.id_channel}/messages/upload`,
      headers: { ...XHR, cookie: visitor },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const body = multipart([file('x.pdf', PDF)]);
    const noXhr = await request(t.app, {
      method: 'POST',
      url: `/api/chat/channels/${channel.id_channel}/messages/upload`,
      headers: { cookie: visitor, ...body.headers },
      payload: body.payload,
    });
    expect(noXhr.statusCode).toBe(403);
  });
});

describe('GET /chat/file/{filename}', () => {
  let pdf: UploadData;
  let png: UploadData;
  beforeAll(async () => {
    // The client's folder is dropped (busboy keeps the base name).
    pdf = (await upload([file('dossier/Présentation finale.pdf', PDF)])).json().data as UploadData;
    png = (await upload([file('photo.png', PNG)])).json().data as UploadData;
  });
  const download = (name: string, cookie?: string) =>
    request(t.app, { method: 'GET', url: `/chat/file/${name}`, headers: cookie ? { cookie } : {} });

  it('serves a file to the members of its channel, as an attachment that never renders', async () => {
    for (const cookie of [visitor, exhibitor]) {
      const response = await download(pdf.file.filename, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(PDF);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="Pr_sentation finale.pdf"; filename*=UTF-8\'\'Pr%C3%A9sentation%20finale.pdf',
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    }
  });

  it('shows images inline, with the same protections', async () => {
    const response = await download(png.file.filename, exhibitor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe('inline; filename="photo.png"; filename*=UTF-8\'\'photo.png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);
  });

  it('answers 404 to anyone else, without a session, and for unknown or malformed names', async () => {
    for (const response of [
      await download(pdf.file.filename, stranger),
      await download(pdf.file.filename),
      await download(`${'0'.repeat(32)}.pdf`, visitor),
      await download('..%2F..%2Fetc%2Fpasswd', visitor),
      await download(pdf.file.filename.replace('.pdf', '.png'), visitor),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-disposition']).toBeUndefined();
    }
  });
});

describe('file names', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\léa\\rapport.pdf', 'rapport.pdf'],
    ['a"b\r\nContent-Type: text/html.pdf', 'html.pdf'],
    ['a"b\r\nc\u0000.pdf', 'abc.pdf'],
    ['..', 'file.pdf'],
    ['   ', 'file.pdf'],
  ])('makes %j harmless', (name, expected) => {
    expect(safeFileName(name, 'pdf')).toBe(expected);
  });

  it('writes Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'été "2026"; x.pdf')).toBe(
      'attachment; filename="_t_ 2026_ x.pdf"; filename*=UTF-8\'\'%C3%A9t%C3%A9%202026%3B%20x.pdf',
    );
  });
});
