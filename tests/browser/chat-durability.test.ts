/**
 * Nothing lost (issue: the chat). A visitor and an exhibitor chat over socket.io against the real server; the
 * server is killed (SIGKILL) while messages are in flight and started again on the same database and port. The
 * clients follow the widget's rules — a client id per message, resend until acknowledged, catch up with
 * `?lastOne=` after every (re)connection, merge by message id — and in the end every acknowledged message is in
 * the stored history and in both members' views exactly once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Channel, ChatMessage } from '@salon/shared/contracts/chat';
import { ChatClient, api, logIn, sleep, storedHistory, until } from './chat-client';
import { startSalon, type Salon, WAIT_MS } from './harness';

const PER_CLIENT = 60;
/** Each client sends one message this often, without waiting for acknowledgements: several are always in flight. */
const SEND_EVERY_MS = 15;
/** The server is killed once each client has sent this many. */
const KILL_AFTER = 25;

/** When the server was killed (for the report: resent messages that had been stored before the crash). */
let killedAt = Infinity;

test(
  'every acknowledged message is stored and seen exactly once by both members, across a server crash',
  { timeout: 120_000 },
  async (t) => {
    let salon: Salon = await startSalon({}, { requireBuild: false });
    const clients: ChatClient[] = [];
    try {
      const base = salon.baseUrl;
      const visitorCookie = await logIn(base, 'visiteur@salon.test');
      const exhibitorCookie = await logIn(base, 'exposant@salon.test');
      const exhibitorUser = (await api<{ user: { obfuscated_id: string } }>(base, exhibitorCookie, '/api/users/me')).user;
      const visitorUser = (await api<{ user: { obfuscated_id: string } }>(base, visitorCookie, '/api/users/me')).user;
      const opened = await api<{ channel: Channel; messages: ChatMessage[] }>(base, visitorCookie, '/api/chat/channels', {
        method: 'POST',
        body: { members: [exhibitorUser.obfuscated_id] },
      });
      const memberOf = (userId: string) => opened.channel.members.find((m) => m.user.id_user === userId)?.id_member ?? '';

      const visitor = new ChatClient(
        base,
        visitorCookie,
        'visitor',
        opened.channel.id_channel,
        memberOf(visitorUser.obfuscated_id),
        opened.messages,
        () => killedAt,
      );
      const exhibitor = new ChatClient(
        base,
        exhibitorCookie,
        'exhibitor',
        opened.channel.id_channel,
        memberOf(exhibitorUser.obfuscated_id),
        opened.messages,
        () => killedAt,
      );
      clients.push(visitor, exhibitor);
      await until(() => visitor.socket.connected && exhibitor.socket.connected, WAIT_MS, 'both sockets');

      let inFlightAtKill = -1;
      let restart: Promise<void> | null = null;
      for (let i = 1; i <= PER_CLIENT; i += 1) {
        visitor.send();
        exhibitor.send();
        if (i === KILL_AFTER) {
          // A burst, and the kill while the server is busy with it.
          for (let burst = 0; burst < 5; burst += 1) {
            visitor.send();
            exhibitor.send();
          }
          // No wait: the burst is still unacknowledged (its acks need a round trip) when the server dies.
          inFlightAtKill = visitor.pending.size + exhibitor.pending.size;
          killedAt = Date.now();
          await salon.kill();
          // Started again on the same database and port while the members keep writing.
          restart = startSalon({}, { requireBuild: false, dataDir: salon.dataDir, port: salon.port }).then((restarted) => {
            salon = restarted;
          });
        }
        await sleep(SEND_EVERY_MS);
      }
      await restart;
      await until(() => visitor.pending.size === 0 && exhibitor.pending.size === 0, 30_000, 'every message to be acknowledged');

      t.diagnostic(
        `in flight at the kill: ${inFlightAtKill}; resent: ${visitor.resent + exhibitor.resent}, of which stored before the crash: ${visitor.storedBeforeCrash + exhibitor.storedBeforeCrash}; caught up by ?lastOne: ${visitor.caughtUp + exhibitor.caughtUp}; connections: ${visitor.connections}/${exhibitor.connections}`,
      );
      assert.ok(inFlightAtKill > 0, 'some messages were in flight when the server was killed');
      assert.ok(visitor.connections >= 2 && exhibitor.connections >= 2, 'both clients reconnected');
      assert.deepEqual([...visitor.refused, ...exhibitor.refused], []);
      const acked = [...visitor.acked.values(), ...exhibitor.acked.values()];
      const total = 2 * (PER_CLIENT + 5);
      assert.equal(acked.length, total);

      // Both views converge on the acknowledged messages (live events, and the catch-up after reconnecting).
      const ackedIds = new Set(acked.map((m) => m.id_message));
      const hasAll = (client: ChatClient) => [...ackedIds].every((id) => client.view.has(id));
      await until(() => hasAll(visitor) && hasAll(exhibitor), 15_000, 'both views to hold every acknowledged message');

      const stored = await storedHistory(salon.baseUrl, visitorCookie, opened.channel.id_channel);
      const storedClientIds = stored.map((m) => m.client_id);
      assert.equal(new Set(stored.map((m) => m.id_message)).size, stored.length, 'stored ids are unique');
      assert.equal(new Set(storedClientIds).size, stored.length, 'each client id is stored once');
      assert.equal(stored.length, total, 'the history holds exactly the messages sent');
      for (const message of acked) {
        const copies = stored.filter((m) => m.client_id === message.client_id);
        assert.equal(copies.length, 1, `${message.client_id ?? ''} is stored once`);
        assert.equal(copies[0]?.id_message, message.id_message, `${message.client_id ?? ''} is the acknowledged message`);
      }
      for (const client of [visitor, exhibitor]) {
        const seen = [...client.view.values()].filter((m) => m.channel_id === opened.channel.id_channel);
        assert.equal(seen.length, stored.length, 'a view holds as many messages as the history');
        assert.equal(new Set(seen.map((m) => m.client_id)).size, seen.length, 'no message twice in a view');
        assert.deepEqual(new Set(seen.map((m) => m.id_message)), new Set(stored.map((m) => m.id_message)));
      }
      // The exhibitor's own REST view agrees.
      assert.equal((await storedHistory(salon.baseUrl, exhibitorCookie, opened.channel.id_channel)).length, stored.length);
    } finally {
      for (const client of clients) client.close();
      await salon.stop();
    }
  },
);
