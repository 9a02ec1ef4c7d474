/**
 * The one kind of cache the server keeps between requests: a map with a fixed number of
 * entries that drops the least recently used one past it. Whatever a client varies (a page
 * size, a sorter, a filter, a token), the memory a cache holds stays bounded. Every cache
 * registers itself under a name, so that a test can count the entries of all of them.
 */

export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  /** The key last used or stored (last in the map's order, unless deleted since). */
  private newest: K | undefined;

  constructor(
    /** What the cache holds (named in counts). */
    readonly name: string,
    /** Most entries. */
    readonly limit: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`LruCache ${name}: the limit must be a positive integer, got ${limit}`);
    registerCache(this);
  }

  /** The value of a key, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    // the most recently used key stays where it is (a hot entry is asked for again and again)
    if (value !== undefined && key !== this.newest) {
      this.map.delete(key);
      this.map.set(key, value);
      this.newest = key;
    }
    return value;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Store a value as the most recently used; past the limit the least recently used entry goes. */
  set(key: K, value: V): this {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.limit) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
    this.newest = key;
    return this;
  }

  delete(key: K): boolean {
    if (key === this.newest) this.newest = undefined;
    return this.map.delete(key);
  }

  clear(): void {
    this.newest = undefined;
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/** A cache with a bound, as counted by cacheSizes. */
export interface BoundedCache {
  readonly name: string;
  readonly size: number;
  readonly limit: number;
}

/** The caches alive in this process (weakly held: a closed database's caches go with it). */
const caches = new Set<WeakRef<BoundedCache>>();

/** Count this cache in cacheSizes (LruCache does it itself). */
export function registerCache(cache: BoundedCache): void {
  for (const ref of caches) if (!ref.deref()) caches.delete(ref);
  caches.add(new WeakRef(cache));
}

/** Every live cache: its name, its entries and its limit. */
export function cacheSizes(): { name: string; size: number; limit: number }[] {
  const out: { name: string; size: number; limit: number }[] = [];
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) out.push({ name: cache.name, size: cache.size, limit: cache.limit });
    else caches.delete(ref);
  }
  return out;
}
