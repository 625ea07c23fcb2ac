/**
 * Seeded randomness for the simulator. Two kinds, for two jobs:
 *
 * - `sequence(seed)`: a mulberry32 stream, for things drawn one after another in a fixed order
 *   (the made-up tickers, fault decisions per request).
 * - `uniformAt` / `normalAt`: counter-based draws, a pure function of (seed, keys). The price walk
 *   uses these so that the price of an asset at an instant depends only on the seed and that
 *   instant, never on how many requests came before it.
 *
 * Math.random is never used: the same seed must give the same market on every run.
 */

const TWO_POW_32 = 4_294_967_296

/** Murmur3's finaliser: spreads every input bit over the whole 32-bit result. */
function mix32(value: number): number {
  let h = value | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A 32-bit hash of a seed and up to four integer keys (fixed arity: this runs millions of times). */
export function hashKeys(seed: number, a: number, b = 0, c = 0, d = 0): number {
  let h = mix32(seed ^ 0x9e3779b9)
  h = mix32((h ^ a) + 0x7f4a7c15)
  h = mix32((h ^ b) + 0x165667b1)
  h = mix32((h ^ c) + 0x27d4eb2f)
  return mix32((h ^ d) + 0x61c88647)
}

/** Uniform in (0, 1), never exactly 0 or 1 (Box-Muller takes a logarithm). */
export function uniformAt(seed: number, a: number, b = 0, c = 0, d = 0): number {
  return (hashKeys(seed, a, b, c, d) + 0.5) / TWO_POW_32
}

/** Standard normal (Box-Muller), a pure function of its keys. */
export function normalAt(seed: number, a: number, b = 0, c = 0, d = 0): number {
  const h = hashKeys(seed, a, b, c, d)
  const u1 = (h + 0.5) / TWO_POW_32
  const u2 = (mix32(h ^ 0x68e31da4) + 0.5) / TWO_POW_32
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
}

export interface RandomSequence {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [0, bound). */
  below(bound: number): number
  pick<T>(items: readonly T[]): T
}

/** mulberry32: small, fast and good enough for a simulation (not for anything secret). */
export function sequence(seed: number): RandomSequence {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32
  }
  const below = (bound: number): number => Math.floor(next() * bound)
  return {
    next,
    below,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty list')
      return items[below(items.length)] as T
    },
  }
}

/** Separate streams from one seed, so adding a draw in one place never shifts another. */
export const STREAMS = {
  catalog: 1,
  gridStep: 2,
  bridge: 3,
  premium: 4,
  volume: 5,
  jump: 6,
  faults: 7,
  serviceEvents: 8,
  /** The walk before the market's start, drawn backwards from where it starts (candles.ts). */
  backfill: 9,
  backfillPremium: 10,
  /** The depth ladder's quantities (depth-ladder.ts). */
  depth: 11,
} as const

export function streamSeed(seed: number, stream: number): number {
  return hashKeys(seed, stream)
}
