/** Multipart bodies and small files of real types, for the upload tests. */
import { strToU8, zipSync } from 'fflate';
import { DEFAULT_RATE_LIMITS } from '../../host-shell/server/config';

/** The rate limits of the upload tests: the defaults, with room for every upload a test file makes. */
export const UPLOAD_RATE_LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  chatUploadsPerUser: { max: 10_000, windowMs: 60_000 },
  chatUploadsPerAddress: { max: 10_000, windowMs: 60_000 },
};

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----salon${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = [
      `--${boundary}`,
      `Content-Disposition: ${disposition}`,
      ...(part.type ? [`Content-Type: ${part.type}`] : []),
      '',
      '',
    ].join('\r\n');
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** What a Windows executable starts with. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')]);
export const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

/** A zip archive (stored, no compression) of these entries, in their order. */
export function zip(entries: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, strToU8(text)])), { level: 0 }));
}

export const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
});
export const ODT = zip({
  mimetype: 'application/vnd.oasis.opendocument.text',
  'content.xml': '<?xml version="1.0"?><office:document-content/>',
});
export const ZIP = zip({ 'notes.txt': 'hello' });
