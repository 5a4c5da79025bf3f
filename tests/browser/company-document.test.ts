/**
 * Company documents. The administrator, on /admin/entreprises, first sends a PNG as Helios
 * Énergie's document and reads the server's message, then uploads a small PDF; a visitor (another browser context)
 * opens the company sheet on a Helios stand and finds "Download the documents", which downloads that PDF.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { closePromotion, collectErrors, logInDirectly, roomFrame, useSalon, widgetsSettled, WAIT_MS } from './harness';

const env = useSalon();
const STAND = { panorama: 'stand-helios-solaire', name: 'Helios Solar' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('the administrator uploads a PDF for Helios; the visitor’s company sheet offers it and it downloads', async () => {
  const { salon, browser } = env;

  const adminContext = await browser.newContext({ locale: 'en-US' });
  const admin = await adminContext.newPage();
  const adminErrors = collectErrors(admin);
  assert.equal(await logInDirectly(admin, salon.baseUrl, 'admin@salon.test', { open: false }), 303);
  await admin.goto(`${salon.baseUrl}/admin/entreprises`);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Helios Énergie', exact: true }) });
  assert.match((await row.textContent()) ?? '', /No document|Link:/);

  // A PNG: the server's message, on that company.
  await row.getByLabel('Document (PDF)').setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: PNG });
  await row.getByRole('button', { name: 'Upload Helios Énergie’s document' }).click();
  const refusedRow = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Helios Énergie', exact: true }) });
  await refusedRow.getByRole('alert').waitFor();
  assert.equal(await refusedRow.getByRole('alert').textContent(), 'Only PDF files are accepted');

  // A PDF: saved, the document offered on the page.
  await refusedRow.getByLabel('Document (PDF)').setInputFiles({ name: 'helios.pdf', mimeType: 'application/pdf', buffer: PDF });
  await Promise.all([
    admin.waitForURL(/document=uploaded/),
    refusedRow.getByRole('button', { name: 'Upload Helios Énergie’s document' }).click(),
  ]);
  const savedRow = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Helios Énergie', exact: true }) });
  assert.equal(await savedRow.getByRole('status').textContent(), 'Document saved: the company sheet offers it.');
  const adminLink = (await savedRow.getByRole('link', { name: 'Helios Énergie’s document (PDF)' }).getAttribute('href')) ?? '';
  assert.match(adminLink, /\/api\/medias\/[A-Za-z0-9_-]{24}$/);

  // The visitor opens the company sheet on a Helios stand.
  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const visitor = await visitorContext.newPage();
  const visitorErrors = collectErrors(visitor);
  assert.equal(await logInDirectly(visitor, salon.baseUrl, 'visiteur@salon.test', { open: false }), 303);
  await visitor.goto(`${salon.baseUrl}/salon`);
  await widgetsSettled(visitor);
  const frame = await roomFrame(visitor);
  await frame.waitForSelector('#room-frame[data-panorama="home"][data-state="ready"]', { timeout: 60_000 });
  await frame.getByRole('button', { name: 'Floor plan', exact: true }).click();
  await frame.waitForSelector('#room-frame[data-panorama="plan"][data-state="ready"]', { timeout: 60_000 });
  await frame.getByRole('button', { name: STAND.name, exact: true }).click();
  await frame.waitForSelector(`#room-frame[data-panorama="${STAND.panorama}"][data-state="ready"]`, { timeout: 60_000 });
  await closePromotion(visitor, STAND);
  await frame.getByRole('button', { name: 'Company sheet', exact: true }).click();
  const sheet = visitor.getByRole('complementary', { name: 'Company sheet' });
  await sheet.getByRole('heading', { name: 'Helios Énergie' }).waitFor({ timeout: WAIT_MS });
  const document = sheet.getByRole('region', { name: 'Information' }).getByRole('link', { name: 'Download the documents' });
  assert.equal(await document.getAttribute('href'), adminLink);

  // It downloads the PDF uploaded (served as an attachment, the page stays).
  const address = visitor.url();
  const [download] = await Promise.all([visitor.waitForEvent('download', { timeout: WAIT_MS }), document.click()]);
  const file = await download.path();
  assert.ok(file, 'the download has no file');
  assert.deepEqual(fs.readFileSync(file), PDF);
  assert.equal(new URL(download.url()).pathname, new URL(adminLink).pathname);
  assert.equal(visitor.url(), address);

  assert.deepEqual(
    adminErrors.filter((e) => !/status of 415/.test(e)),
    [],
  );
  assert.deepEqual(visitorErrors, []);
  await visitorContext.close();
  await adminContext.close();
});
