/**
 * The chat end to end (issue: chat, "Done when"): a visitor and an exhibitor in two browser contexts chat both ways
 * in real time, see each other typing, exchange a file and an emoji, and the visitor accepts a video invitation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { collectErrors, logInDirectly, useSalon, widgetsSettled, WAIT_MS } from './harness';
import { chatPanel as chat, openChat, send, startChatWith } from './steps';

const env = useSalon();

async function enter(context: BrowserContext, email: string): Promise<{ page: Page; name: string; errors: string[] }> {
  const page = await context.newPage();
  const errors = collectErrors(page);
  assert.equal(await logInDirectly(page, env.salon.baseUrl, email, { open: false }), 303);
  // Both in English, whatever language the account chose.
  const answer = await page.request.put(`${env.salon.baseUrl}/api/locale`, {
    data: { lang: 'en_EN' },
    headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: env.salon.baseUrl },
  });
  assert.equal(answer.status(), 200);
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  // Start a chat lists people active in the last hour: the page pushes activity while the pointer is over the
  // room; say so once for both, as the room would.
  const active = await page.request.put(`${env.salon.baseUrl}/api/users/me/active`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: env.salon.baseUrl },
  });
  assert.equal(active.status(), 200);
  const data = JSON.parse((await page.locator('#salon-page-data').textContent()) ?? '{}') as { user: { fullname: string } };
  return { page, name: data.user.fullname, errors };
}

test('a visitor and an exhibitor chat both ways, see each other typing, exchange a file and an emoji, and the visitor accepts a video call', async () => {
  const exhibitorContext = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const visitorContext = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const exhibitor = await enter(exhibitorContext, 'exposant@salon.test');
  const visitor = await enter(visitorContext, 'visiteur@salon.test');

  // The visitor finds the exhibitor and writes first. HTML is text.
  await openChat(visitor.page);
  const vChat = chat(visitor.page);
  await startChatWith(vChat, exhibitor.name);
  // A visitor sees the exhibitor's published phone and email, and may ask for a video call.
  for (const name of [`Call ${exhibitor.name}`, `Email ${exhibitor.name}`, 'Ask for a video call']) {
    await vChat.getByRole('link', { name }).or(vChat.getByRole('button', { name })).first().waitFor();
  }
  const vBox = await send(vChat, 'Hello <b>there</b>');

  // The exhibitor gets it live, in My chats, and opens the conversation.
  await openChat(exhibitor.page);
  const eChat = chat(exhibitor.page);
  await eChat
    .getByRole('button', { name: new RegExp(visitor.name) })
    .first()
    .click();
  await eChat.getByText('Hello <b>there</b>', { exact: true }).waitFor({ timeout: WAIT_MS });
  assert.equal(await eChat.locator('b', { hasText: 'there' }).count(), 0, 'the message was rendered as HTML');

  // Typing shows on the other side, then a reply arrives.
  const eBox = eChat.getByRole('textbox', { name: 'Message' });
  await eBox.pressSequentially('Welcome to our stand', { delay: 20 });
  await vChat.getByText(`${exhibitor.name} is typing…`).waitFor({ timeout: WAIT_MS });
  await eBox.press('Enter');
  await vChat.getByText('Welcome to our stand', { exact: true }).waitFor({ timeout: WAIT_MS });

  // An emoji from the picker.
  await vChat.getByRole('button', { name: 'Emoji' }).click();
  const emoji = visitor.page.getByRole('menuitem', { name: /grinning face/i }).first();
  await emoji.click({ timeout: WAIT_MS });
  await visitor.page.waitForFunction((area) => (area as HTMLTextAreaElement | null)?.value.trim() !== '', await vBox.elementHandle());
  const chosen = (await vBox.inputValue()).trim();
  assert.match(chosen, /\p{Extended_Pictographic}/u, `the picker wrote ${JSON.stringify(chosen)}`);
  await vBox.press('Enter');
  await eChat.getByText(chosen, { exact: true }).waitFor({ timeout: WAIT_MS });
  // Sending closes the picker.
  await vChat.getByRole('dialog', { name: 'Emoji' }).waitFor({ state: 'detached' });

  // A file, through the attach menu.
  await vChat.getByRole('button', { name: 'Attach' }).click();
  const [chooser] = await Promise.all([
    visitor.page.waitForEvent('filechooser'),
    vChat.getByRole('button', { name: 'Share a file' }).click(),
  ]);
  await chooser.setFiles({ name: 'programme.txt', mimeType: 'text/plain', buffer: Buffer.from('Programme of the day\n') });
  await vChat.getByRole('button', { name: 'Send' }).click();
  const link = eChat.getByRole('link', { name: /programme\.txt/ });
  await link.waitFor({ timeout: WAIT_MS });
  const download = await exhibitor.page.request.get(new URL((await link.getAttribute('href')) ?? '', env.salon.baseUrl).href);
  assert.equal(download.status(), 200);
  assert.equal(await download.text(), 'Programme of the day\n');

  // The exhibitor invites to a video call; the visitor accepts.
  await eChat.getByRole('button', { name: 'Invite to a video call' }).click();
  await vChat.getByText(`${exhibitor.name} invites you to a video call.`).waitFor({ timeout: WAIT_MS });
  await vChat.getByRole('button', { name: 'Accept' }).click();
  await eChat.getByText('Accepted').waitFor({ timeout: WAIT_MS });

  await exhibitor.page.screenshot({ path: 'test-results/chat-exhibitor.png' });
  await visitor.page.screenshot({ path: 'test-results/chat-visitor.png' });
  assert.deepEqual(visitor.errors, []);
  assert.deepEqual(exhibitor.errors, []);
  await visitorContext.close();
  await exhibitorContext.close();
});
