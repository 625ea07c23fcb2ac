/**
 * A uint64 as read: `long`'s Long, its low and high 32 bits. Read as decimal text instead (the
 * loader's `longs: String`), each timestamp went through Long's base-10 conversion: 40 % of a
 * frame's decoding time and its largest share of garbage (BENCHMARKS.md, "Streaming against
 * polling"). Written (the simulator), a uint64 is its decimal text, which protobufjs takes exactly.
 */
export interface Uint64 {
  low: number
  high: number
}

const isInt32 = (half: unknown): half is number => typeof half === 'number' && (half | 0) === half

/** A uint64 as read, exactly; null where it is not two 32-bit halves. */
export function uint64Of(value: unknown): bigint | null {
  if (typeof value !== 'object' || value === null) return null
  const { low, high } = value as Partial<Record<keyof Uint64, unknown>>
  if (!isInt32(low) || !isInt32(high)) return null
  return (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0)
}
