/** What Engine.IO's server emits around a socket's flush (the part of it used here). */
type EngineEvents = {
  on(
    event: 'flush',
    listener: (socket: { transport: { name: string } }, buffer: unknown[]) => void,
  ): unknown;
  on(event: 'drain', listener: () => void): unknown;
};

/** Transports that are done with the flushed array when `send` returns (webtransport is not). */
const SYNC_TRANSPORTS = new Set(['websocket', 'polling']);

/**
 * Empties each socket's flushed write buffer as soon as its transport has sent it.
 *
 * Engine.IO swaps in a new write buffer at every flush and drops the old array with its packets
 * still in it. A socket's buffer waits seconds between two messages, so by then V8 has moved it
 * to the old generation. Dropped, it is garbage that only a mark-compact finds. Until then it
 * keeps its packets alive through every scavenge. Those packets hold their encoded strings
 * and frames, and the frames hold the 8 KB Buffer pool slabs they were cut from. So every
 * delivered packet was promoted, and the slabs' external memory set off a mark-compact every
 * ~12 s at 2,000 messages/s (bench/chat/README.md, "Dropped arrays that keep packets alive").
 * An emptied array keeps nothing alive.
 *
 * Flush, send and drain run synchronously in that order (engine.io `Socket.flush`), so the
 * array the last 'flush' named is the one the next 'drain' follows.
 */
export function emptyFlushedBuffers(engine: EngineEvents): void {
  let flushed: unknown[] | undefined;
  engine.on('flush', (socket, buffer) => {
    flushed = SYNC_TRANSPORTS.has(socket.transport.name) ? buffer : undefined;
  });
  engine.on('drain', () => {
    if (flushed) flushed.length = 0;
    flushed = undefined;
  });
}
