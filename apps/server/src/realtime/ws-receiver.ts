import * as ws from 'ws';

/** ws exports its receiver class (wrapper.mjs); @types/ws does not declare it. */
const { Receiver } = ws as unknown as { Receiver: { prototype: object } };

/** The parts of ws's `Receiver` (lib/receiver.js, ws 8) this module touches. */
type ReceiverInternals = {
  _fragments: unknown[];
  _mask: unknown;
  _binaryType: string;
  dataMessage: (...args: unknown[]) => unknown;
  controlMessage: (...args: unknown[]) => unknown;
};

const released = Symbol('heartline.releasesReceivedFrames');

/**
 * Lets each socket's last received frame go once it has been handled.
 *
 * ws's receiver keeps two things from a connection's last frame until its next one, seconds
 * later on a chat socket: the masking key (`_mask`, a 4-byte view that holds the whole socket
 * read it was cut from) and, after a message, the dropped array of its fragments (`_fragments`
 * is swapped for a new one; the old array still holds the payload, a view of the same read).
 * Both sit in the old generation by then, so every read of every socket was promoted, its
 * memory freed only by a mark-compact. Clearing them right after the frame is handled keeps the
 * reads young. Same reasoning as `engine-buffers.ts`; bench/chat/README.md has the numbers.
 *
 * Patches the prototype once (idempotent); the server hands this `ws` to Engine.IO as its
 * `wsEngine`, so the class patched is the class used. ws-receiver.test.ts fails if a ws upgrade
 * moves these internals.
 */
export function releaseReceivedFrames(receiverClass: { prototype: object } = Receiver): void {
  const proto = receiverClass.prototype as ReceiverInternals & { [released]?: true };
  if (proto[released]) return;
  const { dataMessage, controlMessage } = proto;
  if (typeof dataMessage !== 'function' || typeof controlMessage !== 'function') return;
  proto[released] = true;
  proto.dataMessage = function (this: ReceiverInternals, ...args: unknown[]) {
    const fragments = this._fragments;
    const result = dataMessage.apply(this, args);
    // A whole message was handed on (ws swapped the array); with binaryType 'fragments' the
    // array itself is the message, so it is left alone.
    if (fragments !== this._fragments && this._binaryType !== 'fragments') fragments.length = 0;
    this._mask = undefined;
    return result;
  };
  proto.controlMessage = function (this: ReceiverInternals, ...args: unknown[]) {
    const result = controlMessage.apply(this, args);
    this._mask = undefined;
    return result;
  };
}
