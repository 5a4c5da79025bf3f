import { describe, expect, test } from '@jest/globals';
import { animator } from '@salon/shared/test/exhibitors';
import { contactEntries, mainAction, personName, truncateText, PRESENTATION_MAX_LENGTH } from './exhibitor';

const params = (priority: 'chat' | 'mail' | 'mobile' | 'linkedin', force = false) => ({
  exhibitor_upc_priority_action: priority,
  exhibitor_force_visio_link: force,
});
const alice = animator('alice1', 'Alice', 'Durand');

describe('main action (spec §5)', () => {
  test('forced video link on and the exhibitor has a link: join the video, whatever the priority', () => {
    const withLink = { ...alice, visio_link: { link: 'https://visio.test/alice' } };
    expect(mainAction(withLink, params('mail', true))).toEqual({ kind: 'visio', href: 'https://visio.test/alice' });
    expect(mainAction(withLink, params('chat', true))).toEqual({ kind: 'visio', href: 'https://visio.test/alice' });
  });

  test('forced video link without a link, or a link without the forced parameter: the priority rules', () => {
    expect(mainAction(alice, params('mail', true))).toEqual({ kind: 'mail', href: 'mailto:alice@acme.test' });
    expect(mainAction({ ...alice, visio_link: { link: 'https://visio.test/alice' } }, params('chat'))).toEqual({ kind: 'chat' });
  });

  test('priority chat: chat, even with every channel published', () => {
    expect(mainAction(alice, params('chat'))).toEqual({ kind: 'chat' });
  });

  test('priority mail, mobile, linkedin when published (contact_email, mobile, linkedin)', () => {
    expect(mainAction(alice, params('mail'))).toEqual({ kind: 'mail', href: 'mailto:alice@acme.test' });
    expect(mainAction(alice, params('mobile'))).toEqual({ kind: 'mobile', href: 'tel:+33612345678' });
    expect(mainAction(alice, params('linkedin'))).toEqual({ kind: 'linkedin', href: 'https://www.linkedin.com/in/alice' });
  });

  test('the priority channel not published (flag "1", or no value): chat', () => {
    expect(mainAction({ ...alice, fields_param: { contact_email: '1' } }, params('mail'))).toEqual({ kind: 'chat' });
    expect(mainAction({ ...alice, mobile: null }, params('mobile'))).toEqual({ kind: 'chat' });
    expect(mainAction({ ...alice, fields_param: { linkedin: '1', mobile: '0' } }, params('linkedin'))).toEqual({ kind: 'chat' });
    // fields_param not empty: only fields flagged '0' are published.
    expect(mainAction({ ...alice, fields_param: { mobile: '0' } }, params('mail'))).toEqual({ kind: 'chat' });
  });

  test('an unknown user: chat', () => {
    expect(mainAction(null, params('mail'))).toEqual({ kind: 'chat' });
  });
});

describe('field publication in the three-dots menu (spec §2.9, §5)', () => {
  test('email, phone, linkedin, each only with a value and when fields_param is empty or flags it "0"', () => {
    expect(contactEntries(alice).map((entry) => entry.channel)).toEqual(['email', 'phone', 'linkedin']);
    expect(contactEntries({ ...alice, fields_param: [] }).map((entry) => entry.channel)).toEqual(['email', 'phone', 'linkedin']);
    expect(contactEntries({ ...alice, fields_param: { contact_email: '0', mobile: '1' } }).map((entry) => entry.channel)).toEqual([
      'email',
    ]);
    expect(contactEntries({ ...alice, contact_email: ' ', linkedin: null }).map((entry) => entry.channel)).toEqual(['phone']);
    expect(contactEntries(null)).toEqual([]);
  });

  test('addresses: mailto, tel without spaces, linkedin made absolute', () => {
    expect(contactEntries({ ...alice, linkedin: 'linkedin.com/in/alice' })).toEqual([
      { channel: 'email', value: 'alice@acme.test', href: 'mailto:alice@acme.test' },
      { channel: 'phone', value: '+33 6 12 34 56 78', href: 'tel:+33612345678' },
      { channel: 'linkedin', value: 'linkedin.com/in/alice', href: 'https://linkedin.com/in/alice' },
    ]);
  });
});

describe('presentation and name', () => {
  test('60 characters at most, then an ellipsis', () => {
    const sixty = 'x'.repeat(PRESENTATION_MAX_LENGTH);
    expect(PRESENTATION_MAX_LENGTH).toBe(60);
    expect(truncateText(sixty)).toEqual({ text: sixty, truncated: false });
    expect(truncateText(`${sixty}y`)).toEqual({ text: `${sixty}…`, truncated: true });
    expect(truncateText(`${'é'.repeat(59)} suite`)).toEqual({ text: `${'é'.repeat(59)}…`, truncated: true });
  });

  test('first and last name, else full name, else pseudo; null when unknown', () => {
    expect(personName(alice)).toBe('Alice Durand');
    expect(personName({ fullname: 'Bruno Petit' })).toBe('Bruno Petit');
    expect(personName({ firstname: null, lastname: null, pseudo: 'bp' })).toBe('bp');
    expect(personName({ firstname: ' ', fullname: '' })).toBeNull();
    expect(personName(null)).toBeNull();
  });
});
