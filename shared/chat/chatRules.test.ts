import { describe, expect, test } from '@jest/globals';
import { normalizePageData } from '@salon/shared';
import { exhibitorPageData, visitorPageData } from '@salon/shared/test/fixtures';
import type { PageUser } from '@salon/shared/contracts/page-data';
import { ALICE, BRUNO, channel, channelWith, message } from '@salon/shared/test/chat';
import {
  invitationState,
  isConnected,
  isFieldPublished,
  listedChannels,
  memberContact,
  newClientId,
  publishedVisioLink,
  searchScope,
  separators,
  shareableContactDetails,
} from './chatRules';

const user = (data = visitorPageData(), patch: Partial<PageUser> = {}): PageUser => ({ ...normalizePageData(data).user, ...patch });

describe('field publication (spec §5)', () => {
  test('a field shows only with a value, and fields_param empty or flagging it "0"', () => {
    expect(isFieldPublished('06', 'mobile', {})).toBe(true);
    expect(isFieldPublished('06', 'mobile', [])).toBe(true);
    expect(isFieldPublished('06', 'mobile', { mobile: '0' })).toBe(true);
    expect(isFieldPublished('06', 'mobile', { mobile: '1' })).toBe(false);
    expect(isFieldPublished('06', 'mobile', { email: '0' })).toBe(false);
    expect(isFieldPublished('  ', 'mobile', {})).toBe(false);
    expect(isFieldPublished(null, 'mobile', {})).toBe(false);
  });

  test('the video link follows the rule', () => {
    expect(publishedVisioLink(user(exhibitorPageData(), { visio_link: { link: 'https://v.example/a' } }))).toBe('https://v.example/a');
    expect(
      publishedVisioLink(user(exhibitorPageData(), { visio_link: { link: 'https://v.example/a' }, fields_param: { visio_link: '1' } })),
    ).toBeNull();
    expect(publishedVisioLink(user(exhibitorPageData(), { visio_link: null }))).toBeNull();
  });

  test('the other member: published phone and email (contact email for exhibitors)', () => {
    expect(memberContact({ ...ALICE, mobile: '06 01', contact_email: 'a@acme.test', email: 'login@acme.test' })).toEqual({
      phone: '06 01',
      email: 'a@acme.test',
    });
    expect(memberContact({ ...BRUNO, mobile: '06', email: 'b@x.test', fields_param: { mobile: '1', email: '0' } })).toEqual({
      phone: null,
      email: 'b@x.test',
    });
    expect(memberContact(null)).toEqual({ phone: null, email: null });
  });
});

describe('contact details (spec §5)', () => {
  test('firstname, lastname, email, mobile when present and published; the rest listed as missing', () => {
    expect(shareableContactDetails(user(visitorPageData(), { email: 'c@x.test', mobile: '06', fields_param: {} }))).toEqual({
      details: { firstname: 'Camille', lastname: 'Martin', email: 'c@x.test', mobile: '06' },
      missing: [],
    });
    expect(
      shareableContactDetails(
        user(visitorPageData(), { email: 'c@x.test', mobile: null, fields_param: { firstname: '0', lastname: '1', email: '0' } }),
      ),
    ).toEqual({
      details: { firstname: 'Camille', email: 'c@x.test' },
      missing: ['lastname', 'mobile'],
    });
  });

  test('exhibitors share contact_email, never their login email', () => {
    const result = shareableContactDetails(user(exhibitorPageData(), { email: 'login@x.test', contact_email: null }));
    expect(result.details.email).toBeUndefined();
    expect(result.missing).toContain('email');
  });
});

describe('search permissions (spec §5, §6)', () => {
  const parameters = (visitor: string[], exhibitor: string[]) =>
    ({ visitor_search_permissions: visitor, exhibitor_search_permissions: exhibitor }) as Parameters<typeof searchScope>[1];

  test('administrators and promoters search everything', () => {
    for (const profile of ['administrator', 'promoter'] as const) {
      expect(searchScope({ profile, anonymous: false }, parameters([], []))).toEqual({
        enabled: true,
        anonymous: false,
        elsewhere: ['exhibitor', 'visitor', 'promoter'],
        connectedElsewhere: true,
        onStand: ['exhibitor', 'visitor', 'promoter'],
        connectedOnStand: true,
      });
    }
  });

  test('visitors and exhibitors: their own list (stand_vistor as spelled); empty = disabled; anonymous never', () => {
    expect(
      searchScope({ profile: 'visitor', anonymous: false }, parameters(['exhibitor', 'stand_vistor', 'stand_connected'], ['visitor'])),
    ).toEqual({
      enabled: true,
      anonymous: false,
      elsewhere: ['exhibitor'],
      connectedElsewhere: false,
      onStand: ['visitor'],
      connectedOnStand: true,
    });
    expect(searchScope({ profile: 'exhibitor', anonymous: false }, parameters(['exhibitor'], ['connected']))).toMatchObject({
      enabled: true,
      elsewhere: [],
      connectedElsewhere: true,
    });
    expect(searchScope({ profile: 'exhibitor', anonymous: false }, parameters(['exhibitor'], []))).toMatchObject({
      enabled: false,
      elsewhere: [],
      onStand: [],
    });
    expect(searchScope({ profile: 'visitor', anonymous: true }, parameters(['exhibitor'], []))).toMatchObject({
      enabled: false,
      anonymous: true,
    });
  });

  test('connected means activity within last_activity_period seconds', () => {
    const now = Date.parse('2026-11-21T10:15:00Z');
    expect(isConnected('2026-11-21T10:00:00Z', 900, now)).toBe(true);
    expect(isConnected('2026-11-21T09:59:59Z', 900, now)).toBe(false);
    expect(isConnected(null, 900, now)).toBe(false);
  });
});

describe('channels and messages', () => {
  test('My chats: only channels with messages, newest last message first', () => {
    const a = channelWith('a', ALICE, [message('a', ALICE, 'x', '2026-11-21T10:00:00Z')]);
    const b = channelWith('b', BRUNO, [message('b', BRUNO, 'y', '2026-11-21T11:00:00Z')]);
    expect(listedChannels([a, channel('empty', BRUNO), b]).map((c) => c.obfuscated_id)).toEqual(['b', 'a']);
  });

  test('separators: the date after more than 1 minute, the author when it changes or after a date', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, s)).toISOString();
    expect(
      separators([
        { created_at: at(0), authorId: 'a' },
        { created_at: at(60), authorId: 'a' },
        { created_at: at(61), authorId: 'b' },
        { created_at: at(122), authorId: 'b' },
      ]),
    ).toEqual([
      { showDate: true, showAuthor: true },
      { showDate: false, showAuthor: false },
      { showDate: false, showAuthor: true },
      { showDate: true, showAuthor: true },
    ]);
  });

  test('invitations: pending, accepted, declined; unanswered after more than 1 minute', () => {
    const at = '2026-11-21T10:00:00Z';
    const now = Date.parse(at);
    const invitation = (acceptation: boolean | null) => ({ type: 'visio_invitation', link: 'l', acceptation }) as const;
    expect(invitationState(invitation(null), at, now + 60_000)).toBe('pending');
    expect(invitationState(invitation(null), at, now + 60_001)).toBe('unanswered');
    expect(invitationState(invitation(true), at, now + 600_000)).toBe('accepted');
    expect(invitationState(invitation(false), at, now)).toBe('declined');
    expect(invitationState({ type: 'message', text: 'x' }, at, now)).toBeNull();
  });

  test('client ids are UUIDs, also without crypto.randomUUID (insecure contexts)', () => {
    const randomUUID = globalThis.crypto.randomUUID;
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newClientId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
    expect(newClientId()).not.toBe(newClientId());
  });
});
