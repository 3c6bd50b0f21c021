// The Node flags the server runs with, wherever it is started: `npm start` (scripts/start.mjs)
// and the benches that start it themselves, so they measure the server as it ships.
export const serverNodeFlags = [
  // Let the old generation grow to twice what the last mark-compact left before marking again.
  // V8 picks ~1.1–1.4x for this server (its collector is fast next to the old generation's
  // growth), which at 2,000 chat messages/s meant a mark-compact every ~20 s, each delaying
  // deliveries for 0.3–1 s. Twice the live heap (~220 MB at 10,000 sockets) costs ~100–200 MB
  // of memory at the peak and spaces them ~60 s apart (bench/chat/README.md). A V8 flag: a
  // Node upgrade that drops it fails at start, loudly, in every end-to-end run.
  '--heap-growing-percent=100',
];
