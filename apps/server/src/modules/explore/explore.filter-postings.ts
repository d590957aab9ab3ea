/**
 * The filtered feed's matches in memory (spec section 5, as filterSetKeys and matchesFilterKeys of
 * packages/shared state it): every public post's filter keys, held as posting lists over the posts in the
 * feed's order (newest first, by creation time then id, as post_search_public_created_at_idx). A post is
 * a slot, its position in that order; a key common enough to be in at least one post of 32 is a bitset of
 * all slots (a bit a post), a rarer one the sorted list of its slots (32 bits each), whichever is smaller.
 * A filter set is an AND of ORs of keys, evaluated 32 slots at a time from the newest, stopping as soon
 * as enough matches are found: 1,000,000 posts are 31,250 words a key.
 *
 * The slots are built once (`FilterPostingsBuilder`) and never move: a post that changes afterwards is
 * marked dead in them (`remove`), and its new entry, if it has one, is kept beside them (`FilterIndexState`
 * in explore.filter-index.ts) until the whole is built again.
 */

/** A key's posts: a bit per slot, or the slots in increasing order; and how many (dead ones included). */
type Postings = { readonly posts: number } & (
  | { readonly bits: Uint32Array; readonly slots?: undefined }
  | { readonly slots: Uint32Array; readonly bits?: undefined }
);

/**
 * A key of a list a scan walks: a key's name, or a list of slots of its own (increasing), such as the
 * posts found for a search word the postings do not hold.
 */
export type ScanKey = string | Uint32Array;

/** One key list of a filter set as the scan walks it: its keys' bitsets, and its rarer keys with a cursor. */
interface ScanList {
  bitsets: Uint32Array[];
  sparse: { slots: Uint32Array; at: number }[];
}

const ID_BYTES = 16;

/** A post id (a UUID, any case) as its 16 bytes, written into `target` at `offset`. */
function writeId(target: Buffer, offset: number, postId: string): void {
  const hex = postId.replaceAll('-', '');
  if (hex.length !== 32 || target.write(hex, offset, ID_BYTES, 'hex') !== ID_BYTES) {
    throw new Error(`not a post id: ${postId}`);
  }
}

/** The post id (a lowercase UUID) of the 16 bytes of `source` at `offset`. */
function idText(source: Buffer, offset: number): string {
  const hex = source.toString('hex', offset, offset + ID_BYTES);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function idBytes(postId: string): Buffer {
  const bytes = Buffer.alloc(ID_BYTES);
  writeId(bytes, 0, postId);
  return bytes;
}

/** A growing list of 32-bit slots. */
class SlotList {
  values = new Uint32Array(16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/** Collects the posts' entries in the feed's order, then makes the postings (`finish`). */
export class FilterPostingsBuilder {
  private ids = Buffer.alloc(ID_BYTES * 1024);
  private times = new Float64Array(1024);
  private readonly keys = new Map<string, SlotList>();
  private size = 0;
  private last: { createdMs: number; id: Buffer } | null = null;

  /** The next post: older than the last one added, or as old with a smaller id. */
  add(postId: string, createdMs: number, keys: readonly string[]): void {
    const slot = this.size;
    if (slot === this.times.length) {
      const times = new Float64Array(slot * 2);
      times.set(this.times);
      this.times = times;
      const ids = Buffer.alloc(slot * 2 * ID_BYTES);
      this.ids.copy(ids);
      this.ids = ids;
    }
    writeId(this.ids, slot * ID_BYTES, postId);
    const id = this.ids.subarray(slot * ID_BYTES, (slot + 1) * ID_BYTES);
    if (
      this.last &&
      (createdMs > this.last.createdMs ||
        (createdMs === this.last.createdMs && id.compare(this.last.id) >= 0))
    ) {
      throw new Error('posts must be added newest first, each once');
    }
    this.last = { createdMs, id };
    this.times[slot] = createdMs;
    this.size++;
    for (const key of keys) {
      let list = this.keys.get(key);
      if (!list) {
        list = new SlotList();
        this.keys.set(key, list);
      }
      // A key twice in one post is one posting (the slots only grow, so it would be the last).
      if (list.length === 0 || list.values[list.length - 1] !== slot) list.push(slot);
    }
  }

  finish(): FilterPostings {
    const size = this.size;
    const keys = new Map<string, Postings>();
    for (const [key, list] of this.keys) keys.set(key, postingsOf(list.values, list.length, size));
    this.keys.clear();
    return new FilterPostings(
      size,
      Buffer.from(this.ids.subarray(0, size * ID_BYTES)),
      this.times.slice(0, size),
      keys,
    );
  }
}

/** `count` increasing slots of `size` as the smaller of a bitset and the list itself. */
function postingsOf(values: Uint32Array, count: number, size: number): Postings {
  const words = Math.ceil(size / 32);
  if (count < words) return { slots: values.slice(0, count), posts: count };
  const bits = new Uint32Array(words);
  for (let i = 0; i < count; i++) {
    const slot = values[i]!;
    bits[slot >>> 5]! |= 1 << (slot & 31);
  }
  return { bits, posts: count };
}

/** A post's entry to put among the postings (`FilterPostings.compact`). */
export interface FilterEntry extends FilterMatch {
  keys: Iterable<string>;
}

/** A post found by a scan: its slot's id and creation time. */
export interface FilterMatch {
  postId: string;
  createdMs: number;
}

export class FilterPostings {
  private readonly dead: Uint32Array;
  private deadCount = 0;

  constructor(
    readonly size: number,
    private readonly ids: Buffer,
    private readonly times: Float64Array,
    private readonly keys: ReadonlyMap<string, Postings>,
  ) {
    this.dead = new Uint32Array(Math.ceil(size / 32));
  }

  /** How many of the slots are marked dead. */
  get removed(): number {
    return this.deadCount;
  }

  /** Bytes held (ids, times, postings, dead marks): the index's size in memory. */
  get bytes(): number {
    let bytes = this.ids.byteLength + this.times.byteLength + this.dead.byteLength;
    for (const postings of this.keys.values()) bytes += (postings.bits ?? postings.slots).byteLength;
    return bytes;
  }

  /**
   * New postings of the live posts of these and `added` (posts none of these holds live, newest first),
   * made in memory: each key's slots moved to their new places (a bitset's bits read word by word), the
   * added posts' keys put in among them. Costs a pass over every key's postings, no database read.
   */
  compact(added: readonly FilterEntry[]): FilterPostings {
    const addedIds = Buffer.alloc(added.length * ID_BYTES);
    added.forEach((entry, i) => {
      writeId(addedIds, i * ID_BYTES, entry.postId);
    });
    // The new order: the live slots and the added posts merged, both newest first.
    const size = this.size - this.deadCount + added.length;
    const ids = Buffer.alloc(size * ID_BYTES);
    const times = new Float64Array(size);
    const moved = new Int32Array(this.size).fill(-1);
    const addedAt = new Uint32Array(added.length);
    let slot = 0;
    let next = 0;
    const take = (source: Buffer, index: number, createdMs: number) => {
      source.copy(ids, slot * ID_BYTES, index * ID_BYTES, (index + 1) * ID_BYTES);
      times[slot] = createdMs;
      return slot++;
    };
    for (let old = 0; old <= this.size; old++) {
      const live = old < this.size && (this.dead[old >>> 5]! & (1 << (old & 31))) === 0;
      if (old < this.size && !live) continue;
      // The added posts newer than this old one (all that are left, after the last).
      while (
        next < added.length &&
        (old === this.size ||
          added[next]!.createdMs > this.times[old]! ||
          (added[next]!.createdMs === this.times[old]! &&
            addedIds.compare(
              this.ids,
              old * ID_BYTES,
              (old + 1) * ID_BYTES,
              next * ID_BYTES,
              (next + 1) * ID_BYTES,
            ) > 0))
      ) {
        addedAt[next] = take(addedIds, next, added[next]!.createdMs);
        next++;
      }
      if (old < this.size) moved[old] = take(this.ids, old, this.times[old]!);
    }
    const addedByKey = new Map<string, number[]>();
    added.forEach((entry, i) => {
      for (const key of new Set(entry.keys)) {
        const list = addedByKey.get(key);
        if (list) list.push(addedAt[i]!);
        else addedByKey.set(key, [addedAt[i]!]);
      }
    });
    const keys = new Map<string, Postings>();
    const buffer = new Uint32Array(size);
    for (const key of new Set([...this.keys.keys(), ...addedByKey.keys()])) {
      const postings = this.keys.get(key);
      const extra = addedByKey.get(key) ?? [];
      let count = 0;
      let e = 0;
      const push = (newSlot: number) => {
        while (e < extra.length && extra[e]! < newSlot) buffer[count++] = extra[e++]!;
        buffer[count++] = newSlot;
      };
      if (postings?.bits) {
        const { bits } = postings;
        for (let word = 0; word < bits.length; word++) {
          let set = bits[word]! & ~this.dead[word]!;
          while (set !== 0) {
            const lowest = set & -set;
            push(moved[(word << 5) + 31 - Math.clz32(lowest)]!);
            set ^= lowest;
          }
        }
      } else if (postings?.slots) {
        for (const old of postings.slots) if (moved[old]! >= 0) push(moved[old]!);
      }
      while (e < extra.length) buffer[count++] = extra[e++]!;
      if (count > 0) keys.set(key, postingsOf(buffer, count, size));
    }
    return new FilterPostings(size, ids, times, keys);
  }

  /** Marks the post created at `createdMs` with this id dead, if it has a slot; whether it had a live one. */
  remove(postId: string, createdMs: number): boolean {
    const slot = this.slotOf(postId, createdMs);
    if (slot < 0) return false;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    if ((this.dead[word]! & bit) !== 0) return false;
    this.dead[word]! |= bit;
    this.deadCount++;
    return true;
  }

  /**
   * The first `want` live posts after `after` (in the feed's order) that have a key of every list of
   * `keyLists`, in that order. An empty `keyLists` matches every post.
   */
  scan(
    keyLists: readonly (readonly ScanKey[])[],
    after: { createdMs: number; postId: string } | undefined,
    want: number,
  ): FilterMatch[] {
    return this.entries(this.matchingSlots(keyLists, after, want));
  }

  /** `scan`'s posts as their slots (no id read: a count needs none). */
  matchingSlots(
    keyLists: readonly (readonly ScanKey[])[],
    after: { createdMs: number; postId: string } | undefined,
    want: number,
  ): Int32Array {
    const slots = new Int32Array(Math.max(0, Math.min(want, this.size)));
    const found = this.walk(keyLists, after, want, (slot, at) => {
      slots[at] = slot;
    });
    return slots.subarray(0, found);
  }

  /** The posts of these slots. */
  entries(slots: ArrayLike<number>): FilterMatch[] {
    return Array.from(slots, (slot) => ({ postId: this.idAt(slot), createdMs: this.times[slot]! }));
  }

  /** Calls `visit` with each of the first `want` matching slots after `after`; returns how many. */
  private walk(
    keyLists: readonly (readonly ScanKey[])[],
    after: { createdMs: number; postId: string } | undefined,
    want: number,
    visit: (slot: number, at: number) => void,
  ): number {
    let found = 0;
    if (want <= 0 || this.size === 0) return found;
    const from = after ? this.positionAfter(after.createdMs, after.postId) : 0;
    if (from >= this.size) return found;
    const words = this.dead.length;
    const first = from >>> 5;
    // A list of one common key is its bitset; the others are read word by word (wordOf): a page of a
    // few posts then reads only the words up to them. The rarest lists go first: the AND of a word is
    // then most often 0 after one of them.
    const dense: { bits: Uint32Array; posts: number }[] = [];
    const mixed: (ScanList & { posts: number })[] = [];
    for (const keys of keyLists) {
      const list: ScanList & { posts: number } = { bitsets: [], sparse: [], posts: 0 };
      for (const key of new Set(keys)) {
        if (typeof key !== 'string') {
          list.posts += key.length;
          if (key.length > 0) list.sparse.push({ slots: key, at: lowerBound(key, from) });
          continue;
        }
        const postings = this.keys.get(key);
        if (!postings) continue;
        list.posts += postings.posts;
        if (postings.bits) list.bitsets.push(postings.bits);
        else list.sparse.push({ slots: postings.slots, at: lowerBound(postings.slots, from) });
      }
      // A list none of whose keys any post has: nothing matches.
      if (list.bitsets.length === 0 && list.sparse.length === 0) return found;
      // A list of several keys is OR-ed word by word as the walk reaches it (wordOf), not over the whole
      // index first: a search word's list (its completions, corrections and authors) costs the words up
      // to its 2,001st match, not 31,250 words a key at 1,000,000 posts.
      if (list.sparse.length > 0 || list.bitsets.length > 1) mixed.push(list);
      else dense.push({ bits: list.bitsets[0]!, posts: list.posts });
    }
    dense.sort((a, b) => a.posts - b.posts);
    mixed.sort((a, b) => a.posts - b.posts);
    const bitsets = dense.map((list) => list.bits);
    // The first three in locals (all ones where there are fewer): one AND of four words in the common case.
    const ones = this.ones();
    const [b0 = ones, b1 = ones, b2 = ones] = bitsets;
    // A list of rare keys only leads: the scan jumps from one of its slots to the next.
    const lead = mixed.find((list) => list.bitsets.length === 0);
    const dead = this.dead;
    let word = first;
    while (word < words) {
      if (lead) {
        let next = Number.POSITIVE_INFINITY;
        for (const sparse of lead.sparse) {
          while (sparse.at < sparse.slots.length && sparse.slots[sparse.at]! >>> 5 < word) sparse.at++;
          if (sparse.at < sparse.slots.length) next = Math.min(next, sparse.slots[sparse.at]!);
        }
        if (next === Number.POSITIVE_INFINITY) break;
        word = Math.max(word, next >>> 5);
      }
      let match = ~dead[word]! & b0[word]! & b1[word]! & b2[word]!;
      for (let i = 3; i < bitsets.length && match !== 0; i++) match &= bitsets[i]![word]!;
      for (let i = 0; i < mixed.length && match !== 0; i++) match &= wordOf(mixed[i]!, word);
      if (match !== 0) {
        if (word === first) match &= ~0 << (from & 31);
        if (word === words - 1 && (this.size & 31) !== 0) match &= (1 << (this.size & 31)) - 1;
        while (match !== 0) {
          const lowest = match & -match;
          visit((word << 5) + 31 - Math.clz32(lowest), found);
          if (++found >= want) return found;
          match ^= lowest;
        }
      }
      word++;
    }
    return found;
  }

  private allOnes: Uint32Array | null = null;

  /** A bitset of every slot (and beyond the last: `walk` masks those). */
  private ones(): Uint32Array {
    this.allOnes ??= new Uint32Array(this.dead.length).fill(0xffffffff);
    return this.allOnes;
  }

  /** The post id of a slot. */
  idAt(slot: number): string {
    return idText(this.ids, slot * ID_BYTES);
  }

  /** The creation time (ms) of a slot's post. */
  timeAt(slot: number): number {
    return this.times[slot]!;
  }

  /**
   * Sets `codes[i]` to `code` for each `slots[i]` (-1: none) that has `key` and whose code is still
   * `unset`: one pass over a search's candidates (increasing slots) for each key it ranks by.
   */
  mark(key: string, slots: Int32Array, codes: Uint8Array, code: number, unset: number): void {
    const postings = this.keys.get(key);
    if (!postings) return;
    if (postings.bits) {
      const { bits } = postings;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (slot >= 0 && codes[i] === unset && (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0)
          codes[i] = code;
      }
      return;
    }
    // The slots increase: one walk of the key's slots alongside them.
    const { slots: held } = postings;
    let at = 0;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot < 0) continue;
      while (at < held.length && held[at]! < slot) at++;
      if (at === held.length) return;
      if (held[at] === slot && codes[i] === unset) codes[i] = code;
    }
  }

  /** The first slot not newer than `createdMs` (the times go down). */
  private firstAtOrBefore(createdMs: number): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.times[middle]! > createdMs) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Adds `key` as the posts having any of `of` (as a post's keys would have it too), unless a post has it
   * already; made once after the postings are built, where a key of every post's would cost the building
   * a list of its own.
   */
  addUnion(key: string, of: readonly string[]): void {
    if (this.keys.has(key)) throw new Error(`the postings have ${key} already`);
    const slots = this.slotsWithAny(of);
    if (slots.length > 0)
      (this.keys as Map<string, Postings>).set(key, postingsOf(slots, slots.length, this.size));
  }

  /** The slots that have any of `keys`, increasing, each once (dead ones included). */
  slotsWithAny(keys: readonly string[]): Uint32Array {
    const lists = keys.map((key) => this.keys.get(key)).filter((postings) => postings !== undefined);
    const slots = new Uint32Array(lists.reduce((sum, postings) => sum + postings.posts, 0));
    let count = 0;
    for (const postings of lists) {
      if (postings.slots) {
        slots.set(postings.slots, count);
        count += postings.slots.length;
        continue;
      }
      const { bits } = postings;
      for (let word = 0; word < bits.length; word++) {
        let set = bits[word]!;
        while (set !== 0) {
          const lowest = set & -set;
          slots[count++] = (word << 5) + 31 - Math.clz32(lowest);
          set ^= lowest;
        }
      }
    }
    const sorted = slots.subarray(0, count).sort();
    return lists.length > 1 ? sorted.filter((slot, i) => i === 0 || sorted[i - 1] !== slot) : sorted;
  }

  /** The live slot of this post (created at `createdMs`), or -1. */
  liveSlotOf(postId: string, createdMs: number): number {
    const slot = this.slotOf(postId, createdMs);
    if (slot < 0 || (this.dead[slot >>> 5]! & (1 << (slot & 31))) !== 0) return -1;
    return slot;
  }

  /** The slot of this post (created at `createdMs`), or -1. */
  private slotOf(postId: string, createdMs: number): number {
    const id = idBytes(postId);
    for (
      let slot = this.firstAtOrBefore(createdMs);
      slot < this.size && this.times[slot] === createdMs;
      slot++
    ) {
      if (this.ids.compare(id, 0, ID_BYTES, slot * ID_BYTES, (slot + 1) * ID_BYTES) === 0) return slot;
    }
    return -1;
  }

  /** The first slot after the position (createdMs, postId) in the feed's order. */
  private positionAfter(createdMs: number, postId: string): number {
    const id = idBytes(postId);
    let slot = this.firstAtOrBefore(createdMs);
    // Among posts as old, the ids go down: skip those not smaller than the position's.
    while (
      slot < this.size &&
      this.times[slot] === createdMs &&
      this.ids.compare(id, 0, ID_BYTES, slot * ID_BYTES, (slot + 1) * ID_BYTES) >= 0
    ) {
      slot++;
    }
    return slot;
  }
}

/** Whether `slots` (increasing) holds `slot`. */
export function holdsSlot(slots: Uint32Array, slot: number): boolean {
  const at = lowerBound(slots, slot);
  return at < slots.length && slots[at] === slot;
}

/** The first index of `slots` (increasing) whose slot is at least `from`. */
function lowerBound(slots: Uint32Array, from: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (slots[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The bits of word `word` (slots 32·word to 32·word + 31) that have one of the list's keys. */
function wordOf(list: ScanList, word: number): number {
  let bits = 0;
  for (const bitset of list.bitsets) bits |= bitset[word]!;
  const start = word << 5;
  const end = start + 32;
  for (const sparse of list.sparse) {
    const { slots } = sparse;
    let at = sparse.at;
    while (at < slots.length && slots[at]! < start) at++;
    while (at < slots.length && slots[at]! < end) bits |= 1 << (slots[at++]! & 31);
    sparse.at = at;
  }
  return bits;
}
