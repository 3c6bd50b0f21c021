/**
 * Everyone by trust, highest first: one bucket per trust value (a doubly linked list through
 * next/prev arrays keyed by user number; the index keeps positions in it, not seqs) and a
 * bitmap of non-empty buckets to skip empty ones 32 at a time. Moving a user when their trust changes is O(1). The 3rd degree of a well-connected
 * person is most of the graph, so its best-ranked page is found by walking this order and
 * keeping the first people at distance 3, instead of materialising the whole 3rd degree.
 */
export class TrustOrder {
  private head = new Int32Array(0);
  private bits = new Uint32Array(0);
  private next = new Int32Array(0);
  private prev = new Int32Array(0);
  /** The bucket each user number sits in, or -1. */
  private at = new Int32Array(0);
  maxTrust = -1;

  private growIds(n: number): void {
    if (n <= this.at.length) return;
    const cap = Math.max(n, Math.ceil(this.at.length * 1.25), 16);
    const grow = (old: Int32Array, fill: number) => {
      const a = new Int32Array(cap).fill(fill);
      a.set(old);
      return a;
    };
    this.next = grow(this.next, -1);
    this.prev = grow(this.prev, -1);
    this.at = grow(this.at, -1);
  }

  private growTrust(t: number): void {
    if (t < this.head.length) return;
    const cap = Math.max(t + 1, this.head.length * 2, 1024);
    const head = new Int32Array(cap).fill(-1);
    head.set(this.head);
    this.head = head;
    const bits = new Uint32Array(Math.ceil(cap / 32));
    bits.set(this.bits);
    this.bits = bits;
  }

  clear(): void {
    this.head = new Int32Array(0);
    this.bits = new Uint32Array(0);
    this.at.fill(-1);
    this.next.fill(-1);
    this.prev.fill(-1);
    this.maxTrust = -1;
  }

  /** Puts a user number in the bucket for `trust` (or takes it out with trust < 0). */
  set(id: number, trust: number): void {
    this.growIds(id + 1);
    const cur = this.at[id]!;
    if (cur === trust) return;
    if (cur >= 0) {
      const p = this.prev[id]!;
      const n = this.next[id]!;
      if (p >= 0) this.next[p] = n;
      else this.head[cur] = n;
      if (n >= 0) this.prev[n] = p;
      if (this.head[cur] === -1) this.bits[cur >>> 5]! &= ~(1 << (cur & 31));
    }
    this.at[id] = trust;
    if (trust < 0) return;
    this.growTrust(trust);
    const h = this.head[trust]!;
    this.next[id] = h;
    this.prev[id] = -1;
    if (h >= 0) this.prev[h] = id;
    this.head[trust] = id;
    this.bits[trust >>> 5]! |= 1 << (trust & 31);
    if (trust > this.maxTrust) this.maxTrust = trust;
  }

  /** The next non-empty bucket at or below `t`, or -1. */
  private bucketAtOrBelow(t: number): number {
    if (t < 0) return -1;
    let word = t >>> 5;
    let mask = (t & 31) === 31 ? 0xffffffff : (1 << ((t & 31) + 1)) - 1;
    while (word >= 0) {
      const w = (this.bits[word] ?? 0) & mask;
      if (w !== 0) return word * 32 + (31 - Math.clz32(w));
      word--;
      mask = 0xffffffff;
    }
    return -1;
  }

  /**
   * Visits buckets from `fromTrust` down, handing each bucket's members (unsorted) to `visit`
   * until it returns false.
   */
  walkDown(fromTrust: number, visit: (trust: number, members: number[]) => boolean): void {
    let t = this.bucketAtOrBelow(Math.min(fromTrust, this.maxTrust));
    while (t >= 0) {
      const members: number[] = [];
      for (let s = this.head[t]!; s >= 0; s = this.next[s]!) members.push(s);
      if (!visit(t, members)) return;
      t = this.bucketAtOrBelow(t - 1);
    }
  }

  memoryBytes(): number {
    return (
      this.head.byteLength +
      this.bits.byteLength +
      this.next.byteLength +
      this.prev.byteLength +
      this.at.byteLength
    );
  }
}
