import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PageDataInput } from '@salon/shared';
import { administratorPageData, anonymousPageData, exhibitorPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import type { ChatMessage } from '@salon/shared/chat';
import { ALICE, ALICE_PUBLISHED, BRUNO, ME, channel, channelWith, message, person } from '@salon/shared/test/chat';
import { Chat } from '../widgets/chat/Chat';
import { Toaster } from '../widgets/toaster/Toaster';
import type { SalonParameters } from '../.storybook/preview';
import type { ChatFixture } from '../.storybook/chat-mock';

/** Seconds before now, as an ISO date (evaluated when the story loads, so "pending" stays pending). */
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

const salon = (
  pageData: PageDataInput,
  chat: ChatFixture,
  extra: Omit<SalonParameters, 'widgets' | 'pageData' | 'chat'> = {},
): { salon: SalonParameters } => ({
  salon: { widgets: ['chat', 'toaster'], pageData, chat, sidebar: { name: 'chat' }, ...extra },
});

/** A conversation with Alice opened on her (as the contact point would): Back closes the sidebar. */
function conversation(messages: () => ChatMessage[], other = ALICE_PUBLISHED): ChatFixture {
  return {
    get channels() {
      return [channelWith('c1', other, messages())];
    },
    get byUser() {
      return { [other.obfuscated_id]: channelWith('c1', other, messages()) };
    },
    get messages() {
      return { c1: messages() };
    },
  };
}
const onAlice = { sidebar: { name: 'chat', userId: 'alice1' } } as const;

const withUser = (data: PageDataInput, user: Record<string, unknown>): PageDataInput => ({ ...data, user: { ...data.user, ...user } });
const withPermissions = (data: PageDataInput, visitor: string[]): PageDataInput => ({
  ...data,
  parameters: { ...data.parameters, visitor_search_permissions: visitor } as PageDataInput['parameters'],
});
const exhibitorWithLink = withUser(exhibitorPageData(), { visio_link: { link: 'https://visio.example/camille' }, fields_param: {} });

/**
 * The chat sidebar (spec §2.7). The fake chat server answers REST and socket (`.storybook/chat-mock.ts`,
 * `socket-mock.ts`); the toaster shows beside it.
 */
const meta = {
  title: 'Widgets/Chat',
  component: Chat,
  decorators: [
    (Story) => (
      <div style={{ minHeight: '40rem', background: '#dde5ea' }}>
        <Story />
        <Toaster />
      </div>
    ),
  ],
  // A phone layout (the widget's CSS has one): checked at 375×812 too.
  parameters: { ...salon(visitorPageData(), {}), check: { phone: true } },
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

// ─── My chats ───

/** No conversation yet: a button leads to Start a chat. */
export const MyChatsEmpty: Story = {};

/** An anonymous visitor: chatting needs an account, with Log in and Create an account (back to the same place). */
export const MyChatsAnonymous: Story = { parameters: salon(anonymousPageData(), {}) };

/** The same in French. */
export const MyChatsAnonymousFrench: Story = { parameters: salon(withLocale(anonymousPageData(), 'fr_FR'), {}) };

/** Conversations, newest last message first, each with its new-message counter (channels without messages are not listed). */
export const MyChats: Story = {
  parameters: salon(visitorPageData(), {
    get channels() {
      return [
        channelWith('c1', ALICE, [message('c1', ALICE, 'Notre démonstration commence à 15 h.', ago(3600))], 3),
        channelWith('c2', BRUNO, [message('c2', BRUNO, 'See you at the keynote!', ago(120))]),
        channel('c3', person('n1', 'Nina Sans Message')),
        channelWith('c4', person('p1', 'Paul Organisateur', { profile: 'promoter' }), [message('c4', ME, 'Merci !', ago(86_400 * 2))], 1),
      ];
    },
  }),
};

// ─── Start a chat ───

const people: ChatFixture = {
  users: {
    search_enabled: true,
    on_stand: [person('v2', 'Vera Visiteuse', { last_activity_at: ago(60) }), { ...ALICE, last_activity_at: ago(30) }],
    elsewhere: [
      { ...BRUNO, last_activity_at: ago(3000) },
      person('p1', 'Paul Organisateur', { profile: 'promoter', last_activity_at: ago(200) }),
    ],
  },
};
const startTab = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await userEvent.click(await within(canvasElement).findByRole('tab', { name: /Start a chat|Démarrer une discussion/ }));
};

/** An administrator on a stand: every filter, people on the stand and elsewhere (connected or not). */
export const StartWithResults: Story = {
  parameters: salon({ ...administratorPageData(), visited_stand_id: 's7' }, people),
  play: startTab,
};

/** A visitor allowed to find exhibitors anywhere and visitors on the stand only (visitor_search_permissions). */
export const StartLimitedByPermissions: Story = {
  parameters: salon({ ...withPermissions(visitorPageData(), ['exhibitor', 'stand_vistor']), visited_stand_id: 's7' }, people),
  play: startTab,
};

/** No search permission: the organiser disabled participant search. */
export const StartSearchDisabled: Story = {
  parameters: salon(withPermissions(visitorPageData(), []), people),
  play: startTab,
};

export const StartSearchDisabledFrench: Story = {
  parameters: salon(withLocale(withPermissions(visitorPageData(), []), 'fr_FR'), people),
  play: startTab,
};

// ─── A conversation ───

const grouped = () => [
  message('c1', ALICE_PUBLISHED, 'Bonjour ! Bienvenue sur notre stand.', ago(900)),
  message('c1', ALICE_PUBLISHED, 'Je peux vous présenter nos robots.', ago(880)),
  message('c1', ME, 'Avec plaisir.\nQuels modèles avez-vous ?', ago(600)),
  message('c1', ME, 'Et les tarifs ?', ago(590)),
  message(
    'c1',
    ALICE_PUBLISHED,
    {
      type: 'file',
      url: '/chat/file/catalogue.pdf',
      filename: 'catalogue.pdf',
      prettyName: 'Catalogue 2026.pdf',
      extension: 'pdf',
      downloadable: true,
      size: 1_830_000,
      mime: 'application/pdf',
    },
    ago(300),
  ),
  message('c1', ALICE_PUBLISHED, { type: 'image', url: 'chat-image.svg', filename: 'robot.svg', prettyName: 'Robot R2.svg' }, ago(290)),
  message(
    'c1',
    ALICE_PUBLISHED,
    { type: 'contact_details', firstname: 'Alice', lastname: 'Durand', email: 'alice@acme.test', mobile: '06 01 02 03 04' },
    ago(280),
  ),
  message('c1', ME, '<b>Not bold</b> <script>alert("never run")</script>', ago(30)),
];

/**
 * Date and author separators (same author grouped; the date after more than a minute), line breaks, a file,
 * an image, shared contact details, HTML shown as text. A visitor sees ask-for-video, call and email.
 */
/** The person scrolls to the latest message once the pictures are in (they push the list down as they load). */
const readToTheEnd: Story['play'] = async ({ canvasElement }) => {
  const doc = canvasElement.ownerDocument;
  await waitFor(() => expect(doc.querySelectorAll('.salon-chat__messages li').length).toBeGreaterThan(0), { timeout: 10_000 });
  await waitFor(
    () => expect([...doc.querySelectorAll<HTMLImageElement>('.salon-chat__messages img')].every((img) => img.complete)).toBe(true),
    { timeout: 10_000 },
  );
  const list = doc.querySelector<HTMLElement>('.salon-chat__messages')!;
  list.scrollTop = list.scrollHeight;
};

export const Conversation: Story = { parameters: salon(visitorPageData(), conversation(grouped), onAlice), play: readToTheEnd };

export const ConversationFrench: Story = {
  parameters: salon(withLocale(visitorPageData(), 'fr_FR'), conversation(grouped), onAlice),
  play: readToTheEnd,
};

/** Alice is typing (the indicator clears 4 s after her last event; here she types on). */
export const Typing: Story = {
  parameters: salon(
    visitorPageData(),
    { ...conversation(() => grouped().slice(0, 2)), typing: { channelId: 'c1', userId: 'alice1', fullname: 'Alice Durand' } },
    onAlice,
  ),
};

/** The emoji picker, loaded on first opening, with its data from /spa/emoji/en/data.json. */
export const EmojiPicker: Story = {
  parameters: {
    ...salon(
      visitorPageData(),
      conversation(() => grouped().slice(0, 2)),
      onAlice,
    ),
    check: { mask: { 'emoji-picker': "the emoji glyphs come from the machine's fonts, drawn as the picker's own support test decides" } },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Emoji' }));
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('emoji-picker')).not.toBeNull(), { timeout: 10_000 });
  },
};

// ─── Video invitations ───

const invitation =
  (acceptation: boolean | null, seconds: number, from = ALICE_PUBLISHED) =>
  () => [
    message('c1', from, 'Shall we talk on video?', ago(seconds + 5)),
    message('c1', from, { type: 'visio_invitation', link: 'https://visio.example/alice', acceptation }, ago(seconds)),
  ];

/** Received and pending: Accept or Decline (Accept offers to join). */
export const InvitationPending: Story = { parameters: salon(visitorPageData(), conversation(invitation(null, 10)), onAlice) };

export const InvitationAccepted: Story = { parameters: salon(visitorPageData(), conversation(invitation(true, 30)), onAlice) };

export const InvitationDeclined: Story = { parameters: salon(visitorPageData(), conversation(invitation(false, 30)), onAlice) };

/** No answer after more than a minute: unanswered, no buttons; the sender may invite again. */
export const InvitationUnanswered: Story = { parameters: salon(visitorPageData(), conversation(invitation(null, 90)), onAlice) };

/** An exhibitor whose video link is published invites a visitor: the button waits while the invitation is pending. */
export const InvitationSentByExhibitor: Story = {
  parameters: salon(
    exhibitorWithLink,
    conversation(invitation(null, 10, { ...ME, profile: 'exhibitor' }), person('alice1', 'Victor Visiteur')),
    onAlice,
  ),
};

/** An exhibitor with a published video link: invite to video (no ask, phone or email buttons). */
export const ExhibitorCanInvite: Story = {
  parameters: salon(
    exhibitorWithLink,
    conversation(
      () => [message('c1', person('alice1', 'Victor Visiteur'), 'Bonjour, je cherche un devis.', ago(60))],
      person('alice1', 'Victor Visiteur'),
    ),
    onAlice,
  ),
};

// ─── The composer ───

const attach =
  (file: () => File) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Message' });
    await userEvent.upload(canvas.getByLabelText('File to share'), file());
  };

/** A chosen file waits as a chip (name, size, remove) until Send. */
export const FileChip: Story = {
  parameters: salon(
    visitorPageData(),
    conversation(() => grouped().slice(0, 2)),
    onAlice,
  ),
  play: attach(() => new File([new Uint8Array(420_000)], 'Cahier des charges.pdf', { type: 'application/pdf' })),
};

/** More than 5 MB: refused before sending. */
export const FileTooLarge: Story = {
  parameters: salon(
    visitorPageData(),
    conversation(() => grouped().slice(0, 2)),
    onAlice,
  ),
  play: attach(() => new File([new Uint8Array(5_242_881)], 'video.mov')),
};

export const FileTooLargeFrench: Story = {
  parameters: salon(
    withLocale(visitorPageData(), 'fr_FR'),
    conversation(() => grouped().slice(0, 2)),
    onAlice,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox');
    await userEvent.upload(canvas.getByLabelText('Fichier à partager'), new File([new Uint8Array(5_242_881)], 'video.mov'));
  },
};

const shareDetails = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Attach' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Share my contact details' }));
};

/** Nothing to share: the error, with a link to complete the profile. */
export const ContactDetailsMissing: Story = {
  parameters: salon(
    withUser(visitorPageData(), { firstname: null, lastname: null, email: null, mobile: null }),
    conversation(() => grouped().slice(0, 2)),
    onAlice,
  ),
  play: shareDetails,
};

/** Some shared: the message is sent, and a notice says which details could not be. */
export const ContactDetailsPartial: Story = {
  parameters: salon(
    withUser(visitorPageData(), {
      email: 'camille@example.com',
      mobile: '0601020304',
      fields_param: { firstname: '0', lastname: '0', email: '0', mobile: '1' },
    }),
    conversation(() => grouped().slice(0, 2)),
    onAlice,
  ),
  play: shareDetails,
};

// ─── The socket ───

/** The socket is down: the chat does not open, the toast says so (it opens again once reconnected). */
export const SocketDown: Story = { parameters: salon(visitorPageData(), { socket: 'down' }) };

export const SocketDownFrench: Story = { parameters: salon(withLocale(visitorPageData(), 'fr_FR'), { socket: 'down' }) };
