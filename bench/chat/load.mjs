// One load-generator process of the chat bench (started by run.mjs with `fork`, commands over
// IPC). It holds a slice of the bench users, each with one real Socket.IO client on the user's
// session cookie, configured and driven like the web client (apps/web/src/state/realtime/
// socket-client.ts): WebSocket only, the Origin header, a presence ping every 25 s, and a
// StreamCursor that resumes each stream after every (re)connect. Both members of every friend
// pair live in the same process, so a message's delivery is timed on one clock.
//
// Commands (each answered once, with the same `id`):
//   connect   { concurrency }         open every socket; answers when all are ready (resumed)
//   phase     { rate, seconds, startAt, graceMs }  open-loop sends at `rate` msg/s from wall time
//             `startAt`, senders cycling through the users in a shuffled order; answers raw
//             latencies and counts
//   away      { count }                disconnect one member of `count` pairs
//   sendMissed { perUser, concurrency } their partners send `perUser` messages each, acked
//   reconnect { at, timeoutMs }        at wall time `at` every away socket connects again; answers
//             when each has applied exactly the messages it missed (or on timeout)
//   status                             how many sockets are connected
//   close                              disconnect everything and exit
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { io } from 'socket.io-client';
import { StreamCursor } from '../../packages/domain/src/stream-cursor.ts';

const [pairsFile] = process.argv.slice(2);
/** `{ url, pairs: [{ chatId, a: { id, cookie }, b: { id, cookie } }] }` */
const setup = JSON.parse(fs.readFileSync(pairsFile, 'utf8'));
const { url } = setup;

const PRESENCE_INTERVAL_MS = 25_000;
const ACK_TIMEOUT_MS = 5_000;
const SEND_TIMEOUT_MS = 10_000;
const RESUME_RETRY_MS = 2_000;

/** Wall-clock milliseconds with sub-millisecond precision (comparable across processes). */
const wall = () => performance.timeOrigin + performance.now();

const stats = {
  connectErrors: {},
  unexpectedDisconnects: 0,
  resumeFailures: 0,
  /** Streams reported missed (beyond replay) after a socket had its first positions. */
  missedStreams: 0,
  /** Resumes a live gap started (an event arrived with a seq beyond the next one). */
  gapResumes: 0,
  /** Handshakes the server's middleware refused (socket.io-client gives up on these). */
  refusedHandshakes: 0,
  malformed: 0,
};

/** What the current phase does with a `message.created` applied for its recipient. */
let onReceived = null;

const users = [];
const pairs = setup.pairs.map((p) => {
  const a = makeUser(p.a, p.chatId);
  const b = makeUser(p.b, p.chatId);
  a.partner = b;
  b.partner = a;
  users.push(a, b);
  return { a, b };
});

function makeUser({ id, cookie }, chatId) {
  const u = {
    id,
    cookie,
    chatId,
    partner: null,
    socket: null,
    cursor: null,
    pingTimer: null,
    /** First resume done: from now on a stream reported missed is a loss. */
    known: false,
    leaving: false,
    resumes: 0,
    onResumed: null,
    /** The next resume follows a (re)connect or a failed resume, not a gap in a live stream. */
    afterConnect: false,
  };
  u.cursor = new StreamCursor({
    apply: (event) => {
      if (event.type !== 'message.created') return;
      const message = event.payload.message;
      if (message.senderId === u.id) return; // the echo to the sender's own stream
      onReceived?.(u, message, performance.now());
    },
    missed: () => {
      if (u.known) stats.missedStreams++;
    },
    resume: (streams, token) => {
      const socket = u.socket;
      if (!socket?.connected) return u.cursor.resumeFailed(token);
      if (!u.afterConnect) stats.gapResumes++;
      u.afterConnect = false;
      socket.timeout(ACK_TIMEOUT_MS).emit('stream.resume', { streams }, (err, ack) => {
        if (socket !== u.socket) return;
        if (!err && ack?.ok) {
          u.cursor.resumed(token, ack);
          u.resumes++;
          u.known = true;
          u.onResumed?.();
          return;
        }
        stats.resumeFailures++;
        u.cursor.resumeFailed(token);
        setTimeout(() => {
          if (!socket.connected) return;
          u.afterConnect = true;
          u.cursor.connected();
        }, RESUME_RETRY_MS);
      });
    },
  });
  return u;
}

function open(u) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
    timeout: 5_000,
    extraHeaders: { cookie: u.cookie, origin: url },
  });
  u.socket = socket;
  socket.on('connect', () => {
    u.afterConnect = true;
    startPing(u);
    u.cursor.connected();
  });
  socket.on('connect_error', (err) => {
    stats.connectErrors[err.message] = (stats.connectErrors[err.message] ?? 0) + 1;
    // A refusal by the server's middleware ('unavailable': the session lookup failed) is final
    // for socket.io-client: it does not reconnect by itself, and neither does the web client
    // (socket-client.ts). The bench tries again after the web client's resume retry delay, so
    // the run can go on; such refusals are counted in `refusedHandshakes`.
    if (!socket.active && !u.leaving) {
      stats.refusedHandshakes++;
      setTimeout(() => {
        if (!u.leaving && !socket.connected) socket.connect();
      }, RESUME_RETRY_MS);
    }
  });
  socket.on('disconnect', () => {
    clearInterval(u.pingTimer);
    u.cursor.disconnected();
    if (!u.leaving) stats.unexpectedDisconnects++;
  });
  socket.on('event', (raw) => {
    if (typeof raw?.stream !== 'string' || !Number.isInteger(raw?.seq)) {
      stats.malformed++;
      return;
    }
    u.cursor.receive(raw);
  });
}

function startPing(u) {
  clearInterval(u.pingTimer);
  const ping = () =>
    u.socket
      ?.timeout(ACK_TIMEOUT_MS)
      .emit('presence.ping', { at: Date.now(), visible: false }, () => undefined);
  ping();
  u.pingTimer = setInterval(ping, PRESENCE_INTERVAL_MS);
}

/** Resolves once `u` is connected and its resume after that connect has been answered. */
function ready(u) {
  return new Promise((resolve) => {
    const before = u.resumes;
    u.onResumed = () => {
      if (u.resumes > before) {
        u.onResumed = null;
        resolve();
      }
    };
  });
}

async function pool(items, concurrency, work) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}

function shuffle(xs) {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const sleepUntilWall = (at) => new Promise((r) => setTimeout(r, Math.max(0, at - wall())));

function send(u, content, onAck, clientId = randomUUID()) {
  u.socket
    .timeout(SEND_TIMEOUT_MS)
    .emit('message.send', { chatId: u.chatId, clientId, content }, (err, ack) => {
      if (err) onAck({ ok: false, error: 'TIMEOUT' });
      else onAck(ack);
    });
  return clientId;
}

// ---- commands ------------------------------------------------------------------------------

async function connectAll({ concurrency }) {
  const started = wall();
  const times = [];
  await pool(users, concurrency, async (u) => {
    const t0 = performance.now();
    const done = ready(u);
    open(u);
    await done;
    times.push(performance.now() - t0);
  });
  return {
    sockets: users.filter((u) => u.socket.connected).length,
    ms: wall() - started,
    connectMs: times,
    stats: { ...stats },
  };
}

async function phase({ rate, seconds, startAt, graceMs }) {
  const order = shuffle(users);
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const sent = new Map();
  const ackErrors = {};
  let acked = 0;
  let ackOk = 0;
  let delivered = 0;
  let duplicates = 0;
  let strays = 0;
  let lastAckWall = 0;
  let lastDeliveryWall = 0;
  const deliveryMs = [];
  /** Deliveries over 50 ms by the 100 ms window (wall clock) they were sent in: bursts or spread. */
  const slowBy100ms = {};
  const deliveryFromDueMs = [];
  const ackMs = [];
  const lagMs = [];
  const before = { ...stats };
  let settle;
  const settled = new Promise((r) => (settle = r));
  let k = 0;
  const check = () => {
    if (k === total && acked === total && delivered >= ackOk) settle();
  };
  onReceived = (u, message, now) => {
    const rec = sent.get(message.clientId);
    if (!rec || rec.to !== u) return void strays++;
    if (rec.deliveredAt !== undefined) return void duplicates++;
    rec.deliveredAt = now;
    delivered++;
    lastDeliveryWall = wall();
    deliveryMs.push(now - rec.sentAt);
    if (now - rec.sentAt > 50) {
      const window = Math.floor(rec.sentWall / 100);
      slowBy100ms[window] = (slowBy100ms[window] ?? 0) + 1;
    }
    deliveryFromDueMs.push(now - rec.due);
    check();
  };

  await sleepUntilWall(startAt);
  const start = performance.now();
  const firstSendWall = wall();
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (k < total && start + k * interval <= now) {
        const u = order[k % order.length];
        const due = start + k * interval;
        const rec = { due, sentAt: 0, sentWall: wall(), to: u.partner, deliveredAt: undefined };
        rec.sentAt = performance.now();
        lagMs.push(rec.sentAt - due);
        const clientId = send(u, `bench message ${k}`, (ack) => {
          acked++;
          lastAckWall = wall();
          if (ack?.ok) {
            ackOk++;
            ackMs.push(performance.now() - rec.sentAt);
          } else {
            const code = ack?.error ?? 'UNKNOWN';
            ackErrors[code] = (ackErrors[code] ?? 0) + 1;
          }
          check();
        });
        sent.set(clientId, rec);
        k++;
      }
      if (k < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const lastSendWall = wall();
  const timer = setTimeout(settle, graceMs);
  check();
  await settled;
  clearTimeout(timer);
  onReceived = null;
  let undelivered = 0;
  for (const rec of sent.values()) if (rec.deliveredAt === undefined) undelivered++;
  return {
    target: total,
    sent: k,
    acked,
    ackOk,
    ackErrors,
    delivered,
    undelivered,
    duplicates,
    strays,
    firstSendWall,
    lastSendWall,
    lastAckWall,
    lastDeliveryWall,
    deliveryMs,
    slowBy100ms,
    deliveryFromDueMs,
    ackMs,
    lagMs,
    stats: diffStats(before),
  };
}

function diffStats(before) {
  const out = {};
  for (const [key, value] of Object.entries(stats)) {
    if (typeof value === 'number') out[key] = value - before[key];
  }
  out.connectErrors = { ...stats.connectErrors };
  return out;
}

let away = [];

async function goAway({ count }) {
  away = shuffle(pairs)
    .slice(0, count)
    .map((p) => (Math.random() < 0.5 ? p.a : p.b));
  for (const u of away) {
    u.leaving = true;
    u.expected = new Set();
    u.socket.disconnect();
  }
  return { away: away.length, stillConnected: away.filter((u) => u.socket.connected).length };
}

async function sendMissed({ perUser, concurrency }) {
  const started = performance.now();
  let ok = 0;
  let retries = 0;
  const errors = {};
  await pool(away, concurrency, async (u) => {
    for (let i = 0; i < perUser; i++) {
      // One after another, like a device's outbox: a refusal that is not final (too fast, the
      // server busy, no answer in time) is retried with the same client id, which the server
      // stores once. A final one is given up.
      const clientId = randomUUID();
      for (let attempt = 0; attempt < 10; attempt++) {
        const ack = await new Promise((resolve) =>
          send(u.partner, `while away ${i}`, resolve, clientId),
        );
        if (ack?.ok) {
          ok++;
          u.expected.add(clientId);
          break;
        }
        const code = ack?.error ?? 'UNKNOWN';
        errors[code] = (errors[code] ?? 0) + 1;
        if (ack?.final) break;
        retries++;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });
  return { ok, errors, retries, ms: performance.now() - started };
}

async function reconnect({ at, timeoutMs }) {
  const before = { ...stats };
  const waiting = new Set(away);
  let extra = 0;
  let settle;
  const settled = new Promise((r) => (settle = r));
  onReceived = (u, message, now) => {
    if (!u.awaiting) return;
    if (!u.awaiting.delete(message.clientId)) {
      extra++;
      return;
    }
    if (u.awaiting.size === 0) {
      u.doneAt = now;
      waiting.delete(u);
      if (waiting.size === 0) settle();
    }
  };
  for (const u of away) {
    u.awaiting = new Set(u.expected);
    u.doneAt = undefined;
    u.connectedAt = undefined;
    u.socket.once('connect', () => (u.connectedAt = performance.now()));
  }
  await sleepUntilWall(at);
  const t0 = performance.now();
  for (const u of away) {
    u.leaving = false;
    u.socket.connect();
  }
  const timer = setTimeout(settle, timeoutMs);
  if (away.length === 0) settle();
  await settled;
  clearTimeout(timer);
  onReceived = null;
  const incomplete = away.filter((u) => u.doneAt === undefined);
  return {
    sockets: away.length,
    expected: away.reduce((n, u) => n + u.expected.size, 0),
    completeMs: away.filter((u) => u.doneAt !== undefined).map((u) => u.doneAt - t0),
    connectedMs: away.filter((u) => u.connectedAt !== undefined).map((u) => u.connectedAt - t0),
    incomplete: incomplete.length,
    stillMissing: incomplete.reduce((n, u) => n + u.awaiting.size, 0),
    extra,
    stats: diffStats(before),
  };
}

async function close() {
  for (const u of users) {
    u.leaving = true;
    clearInterval(u.pingTimer);
    u.socket?.disconnect();
  }
  return { closed: users.length };
}

const commands = {
  connect: connectAll,
  phase,
  away: goAway,
  sendMissed,
  reconnect,
  close,
  rss: async () => ({ rss: process.memoryUsage().rss }),
  status: async () => ({ connected: users.filter((u) => u.socket?.connected).length }),
};

process.on('message', (msg) => {
  const run = commands[msg.cmd];
  Promise.resolve(run ? run(msg) : Promise.reject(new Error(`unknown command ${msg.cmd}`))).then(
    (result) => {
      process.send({ id: msg.id, ok: true, result });
      if (msg.cmd === 'close') setTimeout(() => process.exit(0), 200);
    },
    (err) => process.send({ id: msg.id, ok: false, error: String(err?.stack ?? err) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true, users: users.length });
