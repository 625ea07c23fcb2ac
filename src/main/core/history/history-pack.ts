import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { RecordedRow } from '../recording-port'

/**
 * The packed form of aged history rows: one blob for a symbol's polls of one hour, or its minute
 * candles of one day, instead of a row each (a row costs 40 to 50 bytes; a packed poll about 2).
 *
 * A blob is deflated; inside, column after column: the count, the times as gaps from the
 * bucket's start (in the largest of 1 min, 1 s, 1 ms that divides them all), then each price
 * column. A price is the exact text the service sent: a plain decimal of at most 15 digits is
 * kept as the change of its scaled integer from the column's last one (its number of fraction
 * digits said only when it changes), so "235.18760000" comes back with its zeros; anything else
 * (leading zeros, a sign, more digits) is kept as text.
 */

export interface PackedPoll {
  t: number
  price: string
  underlying: string | null
}

/** A candle as it is read back (history-recorded.ts's row without the multiplier, kept apart). */
export type PackedCandle = Omit<RecordedRow, 'multiplier'>

export function packPolls(bucketStart: number, polls: readonly PackedPoll[]): Uint8Array {
  const out = new ByteWriter()
  writeTimes(out, bucketStart, polls)
  writeColumn(out, polls, (p) => p.price)
  writeColumn(out, polls, (p) => p.underlying)
  return deflateRawSync(out.bytes())
}

export function unpackPolls(bucketStart: number, blob: Uint8Array): PackedPoll[] {
  const input = new ByteReader(inflateRawSync(blob))
  const times = readTimes(input, bucketStart)
  const prices = readColumn(input, times.length)
  const underlying = readColumn(input, times.length)
  return times.map((t, i) => ({ t, price: prices[i] as string, underlying: underlying[i] ?? null }))
}

export function packCandles(bucketStart: number, candles: readonly PackedCandle[]): Uint8Array {
  const out = new ByteWriter()
  writeTimes(out, bucketStart, candles)
  // Open, high, low, close as one column: each is near the one before it (the open near the last close).
  writeColumn(
    out,
    candles.flatMap((c) => [c.open, c.high, c.low, c.close]),
    (price) => price,
  )
  writeColumn(out, candles, (c) => c.underlying)
  return deflateRawSync(out.bytes())
}

export function unpackCandles(bucketStart: number, blob: Uint8Array): PackedCandle[] {
  const input = new ByteReader(inflateRawSync(blob))
  const times = readTimes(input, bucketStart)
  const prices = readColumn(input, times.length * 4) as string[]
  const underlying = readColumn(input, times.length)
  return times.map((t, i) => ({
    t,
    open: prices[i * 4] as string,
    high: prices[i * 4 + 1] as string,
    low: prices[i * 4 + 2] as string,
    close: prices[i * 4 + 3] as string,
    underlying: underlying[i] ?? null,
  }))
}

const TIME_UNITS = [60_000, 1_000, 1]

/** Times in ascending order, as gaps in the coarsest unit that divides every one of them. */
function writeTimes(out: ByteWriter, bucketStart: number, rows: readonly { t: number }[]): void {
  const unit = TIME_UNITS.find((u) => rows.every((row) => (row.t - bucketStart) % u === 0)) ?? 1
  out.uint(rows.length)
  out.uint(unit)
  let last = bucketStart
  for (const row of rows) {
    out.uint((row.t - last) / unit)
    last = row.t
  }
}

function readTimes(input: ByteReader, bucketStart: number): number[] {
  const count = input.uint()
  const unit = input.uint()
  const times: number[] = []
  let last = bucketStart
  for (let i = 0; i < count; i++) {
    last += input.uint() * unit
    times.push(last)
  }
  return times
}

/** At most 15 digits, no leading zero, no sign: its scaled integer is exact in a double. */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/
const MAX_DIGITS = 15

/** What follows a value's number, in its two low bits. */
const SAME_SCALE = 0
const NULL = 1
const NEW_SCALE = 2
const TEXT = 3

function writeColumn<T>(out: ByteWriter, rows: readonly T[], value: (row: T) => string | null): void {
  let last = 0
  let lastScale = -2
  for (const row of rows) {
    const text = value(row)
    if (text === null) {
      out.uint(NULL)
      continue
    }
    const match = PLAIN_DECIMAL.exec(text)
    const whole = match?.[1] ?? ''
    const fraction = match?.[2]
    if (!match || whole.length + (fraction?.length ?? 0) > MAX_DIGITS) {
      out.uint(TEXT)
      out.text(text)
      continue
    }
    // -1: no decimal point at all ("100"), which is not the same text as "100.0".
    const scale = fraction === undefined ? -1 : fraction.length
    const scaled = Number(whole + (fraction ?? ''))
    const change = scaled - last
    const zigzag = change >= 0 ? change * 2 : -change * 2 - 1
    out.uint(zigzag * 4 + (scale === lastScale ? SAME_SCALE : NEW_SCALE))
    if (scale !== lastScale) out.uint(scale + 1)
    last = scaled
    lastScale = scale
  }
}

function readColumn(input: ByteReader, count: number): (string | null)[] {
  const values: (string | null)[] = []
  let last = 0
  let scale = -2
  /** The last value read as a scaled integer, as text. */
  let text: string | null = null
  for (let i = 0; i < count; i++) {
    const head = input.uint()
    const kind = head % 4
    if (kind === NULL) values.push(null)
    else if (kind === TEXT) values.push(input.text())
    else {
      const zigzag = Math.floor(head / 4)
      last += zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2
      if (kind === NEW_SCALE) scale = input.uint() - 1
      // A price that did not move is the same text: no need to build it again.
      const same: boolean = zigzag === 0 && kind === SAME_SCALE && text !== null
      text = same ? text : decimalText(last, scale)
      values.push(text)
    }
  }
  return values
}

function decimalText(scaled: number, scale: number): string {
  if (scale <= 0) return String(scaled)
  const digits = String(scaled).padStart(scale + 1, '0')
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
}

/**
 * Unsigned integers below 2^53 in 7-bit groups, low first (arithmetic, not bit operators: 32 bits are too
 * few).
 */
class ByteWriter {
  private buffer = new Uint8Array(1_024)
  private length = 0

  uint(value: number): void {
    this.room(8)
    let rest = value
    while (rest >= 0x80) {
      this.buffer[this.length++] = (rest % 0x80) + 0x80
      rest = Math.floor(rest / 0x80)
    }
    this.buffer[this.length++] = rest
  }

  text(value: string): void {
    const bytes = Buffer.from(value, 'utf8')
    this.uint(bytes.length)
    this.room(bytes.length)
    this.buffer.set(bytes, this.length)
    this.length += bytes.length
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length)
  }

  private room(extra: number): void {
    if (this.length + extra <= this.buffer.length) return
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra))
    grown.set(this.buffer.subarray(0, this.length))
    this.buffer = grown
  }
}

class ByteReader {
  private at = 0

  constructor(private readonly buffer: Uint8Array) {}

  uint(): number {
    let value = 0
    let weight = 1
    for (;;) {
      const byte = this.buffer[this.at++]
      if (byte === undefined) throw new Error('packed history ends early')
      value += (byte % 0x80) * weight
      if (byte < 0x80) return value
      weight *= 0x80
    }
  }

  text(): string {
    const length = this.uint()
    const value = Buffer.from(this.buffer.buffer, this.buffer.byteOffset + this.at, length).toString('utf8')
    this.at += length
    return value
  }
}
