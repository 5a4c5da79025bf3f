/** @jest-environment ./shared/test/jsdom-with-fetch.js */
import { afterEach, describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Meeting, Slot } from '@salon/shared/contracts/meetings';
import { exhibitorPageData, meetingOf, withLocale } from '@salon/shared/test/fixtures';
import { stand } from '@salon/shared/test/exhibitors';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { cleanUpWidgets, showWidget } from '@salon/shared/test/widgets';
import { mount } from './mount';

let fetchStub: ReturnType<typeof installFetch> | undefined;
afterEach(() => cleanUpWidgets(fetchStub));

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

const meeting = (over: Partial<Meeting> = {}): Meeting =>
  meetingOf({ stand_name: 'Helios Solar', start: hours(2), end: hours(2.5), message: 'About your panels', ...over });

const slot = (over: Partial<Slot> = {}): Slot => ({
  id: 'sl9',
  stand_id: 's1',
  start: hours(3),
  end: hours(3.5),
  exhibitor: { id: 'u1', fullname: 'Chloé Martin' },
  free: true,
  ...over,
});

/**
 * The exhibitor's `/exposant` with the meetings widget, the API answering `meetings` and `slots` (read again after each
 * change); `late`: the first read of the slots answers what it found once that promise settles.
 */
async function open(state: { meetings: Meeting[]; slots: Slot[] }, locale: 'en_EN' | 'fr_FR' = 'en_EN', late?: Promise<unknown>) {
  let slotReads = 0;
  fetchStub = installFetch(async (request) => {
    const { pathname } = new URL(request.url);
    const route = `${request.method} ${pathname}`;
    if (route === 'GET /api/stands') return jsonResponse({ data: { stands: { s1: stand('s1', 'Helios Solaire', 'Helios Solar') } } });
    if (route === 'GET /api/me/meetings') return jsonResponse({ data: { meetings: state.meetings } });
    if (route === 'GET /api/stands/s1/slots') {
      const found = state.slots;
      slotReads += 1;
      if (late && slotReads === 1) await late;
      return jsonResponse({ data: { slots: found } });
    }
    if (route === 'PUT /api/meetings/m1') {
      const body = (await request.json()) as { status: Meeting['status']; reason?: string };
      state.meetings = state.meetings.map((m) => ({ ...m, status: body.status, reason: body.reason ?? null }));
      return jsonResponse({ data: { meeting: state.meetings[0] } });
    }
    if (route === 'POST /api/slots') {
      const body = (await request.json()) as { start: string; end: string };
      const offered = slot({ id: 'sl10', start: body.start, end: body.end });
      state.slots = [...state.slots, offered];
      return jsonResponse({ data: { slot: offered } });
    }
    if (route === 'DELETE /api/slots/sl9') {
      state.slots = state.slots.filter((s) => s.id !== 'sl9');
      return jsonResponse({ data: { deleted: true } });
    }
    return jsonResponse({ data: { error: true, message: 'unexpected' } }, { status: 500 });
  });
  await showWidget(mount, withLocale(exhibitorPageData(), locale));
  return screen.findByRole('region', { name: locale === 'fr_FR' ? 'Rendez-vous' : 'Meetings' });
}

const calls = (method: string) => (fetchStub?.requests ?? []).filter((r) => r.method === method);

describe('the exhibitor’s meetings', () => {
  test('nothing yet: the figures at zero, no meeting, no slot', async () => {
    const section = await open({ meetings: [], slots: [] });
    expect(await within(section).findByText('No meeting booked yet.')).toBeInTheDocument();
    expect(within(section).getByText('Meetings booked: 0 · held: 0 · cancelled: 0')).toBeInTheDocument();
    expect(await within(section).findByText('No slot offered on this stand.')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Helios Solar' })).toBeInTheDocument();
  });

  test('a request is accepted in one click; an accepted meeting is cancelled with a reason', async () => {
    const state = { meetings: [meeting()], slots: [] };
    const section = await open(state);
    const requests = await within(section).findByRole('list', { name: 'Requests and meetings' });
    expect(within(requests).getByText(/Vera Visitor/)).toHaveTextContent('“About your panels”');
    expect(within(requests).getByText('To answer')).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Accept' }));
    expect(await within(requests).findByText('Accepted')).toBeInTheDocument();
    expect(calls('PUT').map((r) => r.json)).toEqual([{ status: 'accepted' }]);
    // An accepted meeting is cancelled only with a reason.
    await userEvent.click(within(requests).getByRole('button', { name: 'Cancel' }));
    const reason = within(requests).getByRole('textbox', { name: 'Why do you cancel?' });
    expect(reason).toBeRequired();
    await userEvent.type(reason, 'A customer visit came up');
    await userEvent.click(within(requests).getByRole('button', { name: 'Confirm the cancellation' }));
    expect(await within(requests).findByText('Cancelled')).toBeInTheDocument();
    expect(within(requests).getByText(/Reason: A customer visit came up/)).toBeInTheDocument();
    expect(calls('PUT').map((r) => r.json)).toEqual([{ status: 'accepted' }, { status: 'cancelled', reason: 'A customer visit came up' }]);
    expect(within(section).getByText('Meetings booked: 1 · held: 0 · cancelled: 1')).toBeInTheDocument();
  });

  test('declining asks for an optional reason, and Back changes nothing', async () => {
    const state = { meetings: [meeting()], slots: [] };
    const section = await open(state);
    const requests = await within(section).findByRole('list', { name: 'Requests and meetings' });
    await userEvent.click(within(requests).getByRole('button', { name: 'Decline' }));
    expect(within(requests).getByRole('textbox', { name: 'Why do you decline? (optional)' })).not.toBeRequired();
    await userEvent.click(within(requests).getByRole('button', { name: 'Back' }));
    expect(within(requests).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Decline' }));
    await userEvent.click(within(requests).getByRole('button', { name: 'Decline the meeting' }));
    expect(await within(requests).findByText('Declined')).toBeInTheDocument();
    expect(calls('PUT').map((r) => r.json)).toEqual([{ status: 'declined' }]);
  });

  test('a slot is offered with its start and length, and a free one removed', async () => {
    const state = { meetings: [], slots: [slot()] };
    const section = await open(state);
    const slots = await within(section).findByRole('list', { name: 'Slots of Helios Solar' });
    expect(within(slots).getByText('Free')).toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText('Start'), '2030-05-14T09:30');
    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Length' }), '30 minutes');
    await userEvent.click(within(section).getByRole('button', { name: 'Offer this slot' }));
    const start = new Date('2030-05-14T09:30');
    expect(calls('POST').map((r) => r.json)).toEqual([
      { stand_id: 's1', start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() },
    ]);
    expect(await within(slots).findAllByRole('button', { name: 'Remove' })).toHaveLength(2);
    await userEvent.click(within(slots).getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(await within(section).findAllByRole('button', { name: 'Remove' })).toHaveLength(1);
    expect(calls('DELETE').map((r) => r.url.pathname)).toEqual(['/api/slots/sl9']);
  });

  test('a first read answering after an offer’s read does not hide the slot just offered', async () => {
    let release: (value?: unknown) => void = () => undefined;
    const late = new Promise((resolve) => (release = resolve));
    const section = await open({ meetings: [], slots: [] }, 'en_EN', late);
    await userEvent.type(within(section).getByLabelText('Start'), '2030-05-14T09:30');
    await userEvent.click(within(section).getByRole('button', { name: 'Offer this slot' }));
    const slots = await within(section).findByRole('list', { name: 'Slots of Helios Solar' });
    expect(within(slots).getByText('Free')).toBeInTheDocument();
    // The first read (from before the offer: no slot) answers now.
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(section).queryByText('No slot offered on this stand.')).toBeNull();
    expect(within(section).getByText('Free')).toBeInTheDocument();
  });

  test('in French: the message in French quotation marks, and a booked slot cannot be removed', async () => {
    const section = await open({ meetings: [meeting({ status: 'accepted' })], slots: [slot({ free: false })] }, 'fr_FR');
    expect(await within(section).findByText('Rendez-vous réservés : 1 · tenus : 0 · annulés : 0')).toBeInTheDocument();
    // A visitor's message in French quotation marks.
    expect(within(section).getByText(/Vera Visitor/)).toHaveTextContent('« About your panels »');
    const slots = await within(section).findByRole('list', { name: /Helios Solaire/ });
    expect(within(slots).queryByRole('button')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Proposer ce créneau' })).toBeInTheDocument();
  });
});
