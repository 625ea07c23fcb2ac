import type { DayCandle, DayCandlesState, DayCandlesView } from '../../../../shared/day-candles'
import type { Clock } from '../../clock'
import { KeptCall } from './kept-call'
import { readMinute } from './ohlc-minute'
import type { StreamTarget } from './stream-address'
import { PaintGate } from './stream-calls'
import type { OhlcUpdateMessage } from './stream-proto'

/**
 * The live minute of the one symbol the detail's 1D chart shows (StreamOHLC), beside the price
 * stream in the poll worker. The REST 1-minute candles draw the day; the stream keeps its last
 * minute moving and appends each minute it closes (`is_closed`). Every time a call opens (the
 * symbol shown, a retry after the stream ended or failed) the REST candles are asked again, so a
 * minute the stream missed while it was down is filled; a minute the stream closed is final and a
 * minute at or after the live one is the stream's (the REST answer lags it).
 *
 * The view goes to the window at most every PAINT_GAP_MS; the closed minutes only when they changed.
 * The call is kept open as kept-call.ts keeps it: a service answering UNIMPLEMENTED has no minute
 * stream, said once (`unavailable`), and the chart draws the polled 24 h history as without
 * streams; the key goes in `x-api-key` to the streaming host only.
 */

export const PAINT_GAP_MS = 250
/** A day of minutes: what one chart holds, whatever the service sends. */
export const MAX_DAY_MINUTES = 1_440
const MINUTE_MS = 60_000

export interface CandleStreamOptions {
  clock: Clock
  random?: () => number
  /** The REST 1-minute candles of the last 24 hours, oldest first; null where the service has none. */
  fillCandles: (symbol: string) => Promise<readonly DayCandle[] | null>
  onView: (view: DayCandlesView) => void
}

export class CandleStream {
  private readonly call: KeptCall<OhlcUpdateMessage>
  private symbol: string | null = null
  /** Hidden or paused: nothing is streamed, what came is kept. */
  private held = false
  private readonly gate: PaintGate
  private paintedSymbol: string | null = null
  /** The symbol's minutes by bucket start, REST and streamed. */
  private minutes = new Map<number, DayCandle>()
  /** Minutes the stream closed: final, never replaced by a REST answer. */
  private final = new Set<number>()
  private liveBucket: number | null = null
  private state: DayCandlesState = 'off'
  private reason: string | null = null
  private streamedAt: number | null = null
  private filledAt: number | null = null
  private closedChanged = true
  private fillAskedAt = Number.NEGATIVE_INFINITY
  /** Records dropped: malformed, another symbol, or an older minute's partial. */
  dropped = 0

  constructor(private readonly options: CandleStreamOptions) {
    this.gate = new PaintGate(options.clock, PAINT_GAP_MS, () => this.paint())
    this.call = new KeptCall({
      clock: options.clock,
      random: options.random,
      method: 'StreamOHLC',
      unimplemented: 'the service streams no minute candles',
      onOpened: () => this.opened(),
      onUpdates: (updates) => this.frame(updates),
      onState: (state, reason) => this.become(state, reason),
    })
  }

  /** Points the stream at a host (null: none, `reason` says why) with a key; the chart's symbol follows. */
  connect(target: StreamTarget | null, apiKey: string | null, reason: string): void {
    this.call.connect(target, apiKey, reason)
  }

  /** The symbol the 1D chart shows (null: none). The same symbol again sends the whole view again. */
  setSymbol(symbol: string | null): void {
    if (symbol === this.symbol) {
      this.closedChanged = true
      return this.gate.request(true)
    }
    this.symbol = symbol
    this.minutes = new Map()
    this.final = new Set()
    this.liveBucket = null
    this.streamedAt = this.filledAt = null
    this.closedChanged = true
    this.streamAsNeeded()
  }

  /** Held (the window hidden, updates paused): the call closes; released: it opens again. */
  setHeld(held: boolean): void {
    if (held === this.held) return
    this.held = held
    this.streamAsNeeded()
  }

  close(): void {
    this.call.close()
    this.gate.cancel()
    this.symbol = null
  }

  /** The chart's symbol streamed, unless held; a new call either way (the backoff starts over). */
  private streamAsNeeded(): void {
    const symbol = this.symbol
    this.call.stream(symbol === null || this.held ? [] : [symbol])
    if (symbol !== null && this.held) this.become('paused', 'updates paused')
  }

  /** A call opened: the live minute is its to say, and REST fills what was missed meanwhile. */
  private opened(): void {
    // Until the new call says otherwise, the REST answer has the last word on the live minute.
    this.liveBucket = null
    if (this.symbol !== null) this.fill(this.symbol)
  }

  private frame(updates: readonly OhlcUpdateMessage[]): void {
    const symbol = this.symbol
    if (symbol === null) return
    const now = this.options.clock.now()
    let taken = false
    let skipped = false
    for (const update of updates) {
      const read = readMinute(update, symbol, now)
      const live = this.liveBucket
      // A partial of a minute before the live one came late: the minute has moved on.
      if (read === null || (!read.closed && live !== null && read.candle.t < live)) {
        this.dropped++
        continue
      }
      const { candle, closed } = read
      this.minutes.set(candle.t, candle)
      if (closed) this.final.add(candle.t)
      // A minute came after the live one without the one between: REST has what was missed.
      if (live !== null && candle.t > live + MINUTE_MS && !this.final.has(candle.t - MINUTE_MS))
        skipped = true
      if (!closed && (live === null || candle.t > live)) this.liveBucket = candle.t
      if (closed || candle.t !== live) this.closedChanged = true
      taken = true
    }
    if (!taken) return
    this.call.alive()
    this.streamedAt = now
    this.trim()
    this.become('streaming', null)
    if (skipped && now - this.fillAskedAt >= MINUTE_MS) this.fill(symbol)
  }

  /** The REST candles, asked as each call opens: they draw the day and fill what the stream missed. */
  private fill(symbol: string): void {
    this.fillAskedAt = this.options.clock.now()
    this.options.fillCandles(symbol).then(
      (candles) => {
        if (symbol !== this.symbol || candles === null) return
        // The REST answer says where the day begins now: minutes before it have left the chart.
        this.dropBefore(candles[0]?.t ?? Number.NEGATIVE_INFINITY)
        for (const candle of candles) {
          const streamedLater = this.liveBucket !== null && candle.t >= this.liveBucket
          if (!streamedLater && !this.final.has(candle.t)) this.minutes.set(candle.t, candle)
        }
        this.filledAt = this.options.clock.now()
        this.closedChanged = true
        this.trim()
        this.gate.request(false)
      },
      // Not answered: the chart keeps what it has (the stream's minutes, or the polled history).
      () => {},
    )
  }

  /** A day of minutes at most (the newest), however long the chart stays open or whatever is sent. */
  private trim(): void {
    if (this.minutes.size <= MAX_DAY_MINUTES) return
    const first = [...this.minutes.keys()].sort((a, b) => a - b).at(-MAX_DAY_MINUTES) as number
    this.dropBefore(first)
  }

  private dropBefore(first: number): void {
    for (const t of this.minutes.keys()) if (t < first) this.minutes.delete(t)
    for (const t of this.final) if (t < first) this.final.delete(t)
  }

  private become(state: DayCandlesState, reason: string | null): void {
    // Another symbol or state is said at once; only the moving minute waits its turn.
    const urgent = state !== this.state || reason !== this.reason || this.symbol !== this.paintedSymbol
    this.state = state
    this.reason = reason
    this.gate.request(urgent)
  }

  private paint(): void {
    const symbol = this.symbol
    if (symbol === null) return
    this.paintedSymbol = symbol
    const live = this.liveBucket
    const liveOpen = live !== null && !this.final.has(live)
    const closed = this.closedChanged
      ? [...this.minutes.values()]
          .filter((candle) => !liveOpen || candle.t !== live)
          .sort((a, b) => a.t - b.t)
      : null
    this.closedChanged = false
    this.options.onView({
      symbol,
      state: this.state,
      reason: this.reason,
      closed,
      live: liveOpen ? (this.minutes.get(live) ?? null) : null,
      streamedAt: this.streamedAt,
      filledAt: this.filledAt,
    })
  }
}
