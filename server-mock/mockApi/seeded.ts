/**
 * A small seeded pseudo-random generator (mulberry32) and the few value makers the mock data
 * needs. The same seed gives the same values on every run, so the mock data never changes
 * between processes or test runs.
 */
export class Seeded {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from min to max, both included. */
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A number from min to max rounded to `decimals` places. */
  float(min: number, max: number, decimals: number): number {
    const f = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.integer(0, items.length - 1)]!;
  }

  /** A version-4 style identifier, 8-4-4-4-12 hexadecimal digits. */
  guid(): string {
    const hex = (n: number) => Array.from({ length: n }, () => this.integer(0, 15).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[this.integer(0, 3)]}${hex(3)}-${hex(12)}`;
  }
}

const FIRST_NAMES = [
  'Alice',
  'Bruno',
  'Chloe',
  'Daniel',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Karen',
  'Liam',
  'Mona',
  'Nadia',
  'Oscar',
  'Paula',
  'Quentin',
  'Rosa',
  'Simon',
  'Tara',
  'Ulrich',
  'Vera',
  'Walter',
  'Xenia',
  'Yusuf',
  'Zoe',
] as const;
const LAST_NAMES = [
  'Adler',
  'Brandt',
  'Castro',
  'Dietz',
  'Evans',
  'Fischer',
  'Garcia',
  'Horn',
  'Ito',
  'Jansen',
  'Keller',
  'Lopez',
  'Moreau',
  'Novak',
  'Olsen',
  'Price',
] as const;
const WORDS = [
  'steel',
  'concrete',
  'bridge',
  'report',
  'market',
  'quarter',
  'growth',
  'supply',
  'order',
  'plant',
  'river',
  'design',
  'review',
  'season',
  'budget',
  'survey',
  'harbour',
  'tower',
  'rail',
  'energy',
  'policy',
  'trade',
  'index',
  'update',
  'outlook',
  'project',
  'delivery',
  'summit',
  'forecast',
  'notice',
] as const;

export function firstName(rng: Seeded): string {
  return rng.pick(FIRST_NAMES);
}

export function fullName(rng: Seeded): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** A title of `min` to `max` words, each capitalised. */
export function title(rng: Seeded, min: number, max: number): string {
  const n = rng.integer(min, max);
  return Array.from({ length: n }, () => {
    const w = rng.pick(WORDS);
    return w[0]!.toUpperCase() + w.slice(1);
  }).join(' ');
}

/** "YYYY-MM-DD HH:mm:ss" of a time in UTC. */
export function dateTimeText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
