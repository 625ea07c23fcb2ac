import * as grpc from '@grpc/grpc-js'
import { afterEach, describe, expect, it } from 'vitest'
import { CandleStream, MAX_DAY_MINUTES } from '../../../../src/main/core/feed/stream/candle-stream'
import {
  type OhlcUpdateMessage,
  type SymbolsRequest,
  type UpdatesFrame,
  backendService,
} from '../../../../src/main/core/feed/stream/stream-proto'
import type { DayCandle, DayCandlesView } from '../../../../src/shared/day-candles'
import { manualClock } from '../../../support/manual-clock'
import { until } from '../../../support/polls'

/**
 * The 1D chart's minute stream (candle-stream.ts) fed frames the test writes, from a gRPC server of
 * its own on 127.0.0.1: what the simulator never sends (a late partial of an older minute, a minute
 * missing between two, more than a day of minutes) and the chart's symbol and hold switched. The
 * stream's clock is a manual one at a fixed Tuesday morning; every wait is for a frame or a call
 * to arrive, never for a time.
 */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 0)
const MINUTE = 60_000
const API_KEY = 'candle-frames-key'
const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

type OhlcCall = grpc.ServerWritableStream<SymbolsRequest, UpdatesFrame<OhlcUpdateMessage<string>>>

/** The minute starting at `t` as the service streams it, its close `close`. */
function minute(symbol: string, t: number, close: string, closed: boolean): OhlcUpdateMessage<string> {
  return {
    primary_market: { symbol, open: '100.10', high: '101.35', low: '99.85', close },
    underlying_market: null,
    is_closed: closed,
    timestamp: (BigInt(t) * 1_000_000n).toString(),
  }
}

async function framesFeed() {
  const server = new grpc.Server()
  const calls: OhlcCall[] = []
  server.addService(backendService(), {
    StreamOHLC: (call: OhlcCall) => {
      calls.push(call)
    },
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  closers.push(() => server.forceShutdown())
  const time = manualClock(TUESDAY_10_00_ET)
  const views: DayCandlesView[] = []
  const filled: string[] = []
  /** When each REST answer was asked, on the stream's clock. */
  const askedAt: number[] = []
  let restMinutes: DayCandle[] = []
  const stream = new CandleStream({
    clock: time.scheduler,
    random: () => 0.5,
    fillCandles: async (symbol) => {
      filled.push(symbol)
      askedAt.push(time.clock.now)
      return restMinutes
    },
    onView: (view) => views.push(view),
  })
  closers.push(() => stream.close())
  stream.connect({ address: `127.0.0.1:${port}`, host: '127.0.0.1', tls: false }, API_KEY, '')
  /** Writes one frame on the newest call and waits until the stream has read it and painted. */
  const send = (...updates: OhlcUpdateMessage<string>[]) => sendOn(calls.at(-1) as OhlcCall, ...updates)
  /** The same on `call`, which must be the stream's own for the frame to be read. */
  const sendOn = async (call: OhlcCall, ...updates: OhlcUpdateMessage<string>[]) => {
    const streamedAt = views.at(-1)?.streamedAt ?? null
    const dropped = stream.dropped
    call.write({ updates })
    await until(() => {
      // The view waits for its paint gap on the manual clock: let it pass each look.
      time.advanceTo(time.clock.now + 250)
      return (views.at(-1)?.streamedAt ?? null) !== streamedAt || stream.dropped > dropped
    }, 'the frame read')
  }
  /** The chart's symbol set, its call open and the first REST answer painted. */
  const open = async (symbol: string) => {
    const calls0 = calls.length
    stream.setSymbol(symbol)
    await until(() => {
      time.advanceTo(time.clock.now + 250)
      return calls.length > calls0 && views.at(-1)?.filledAt != null
    }, 'the call open and the REST minutes painted')
  }
  return {
    time,
    views,
    filled,
    askedAt,
    calls,
    stream,
    send,
    sendOn,
    open,
    setRest: (minutes: DayCandle[]) => (restMinutes = minutes),
    last: () => views.at(-1) as DayCandlesView,
  }
}

describe('the 1D chart’s minute stream, frame by frame', () => {
  it('drops and counts a late partial of a minute before the live one; the live minute stays', async () => {
    const { stream, send, last, open } = await framesFeed()
    await open('AAPLon')
    await send(minute('AAPLon', TUESDAY_10_00_ET, '100.35', false))
    expect(last().live).toMatchObject({ t: TUESDAY_10_00_ET, close: '100.35' })
    await send(minute('AAPLon', TUESDAY_10_00_ET - MINUTE, '99.90', false))
    expect(stream.dropped).toBe(1)
    expect(last().live).toMatchObject({ t: TUESDAY_10_00_ET, close: '100.35' })
  })

  it(
    'asks REST again when a minute is missing between two, at most once a minute; ' +
      'not when it closed between',
    async () => {
      const { send, filled, time, open } = await framesFeed()
      await open('AAPLon')
      // Ten minutes on, the stream catches up on minutes from 10:00 (none of them in the future).
      time.advanceTo(TUESDAY_10_00_ET + 10 * MINUTE)
      await send(minute('AAPLon', TUESDAY_10_00_ET, '100.35', false))
      // The next minute closed, then the one after it live: nothing missing, REST not asked.
      await send(minute('AAPLon', TUESDAY_10_00_ET + MINUTE, '100.40', true))
      await send(minute('AAPLon', TUESDAY_10_00_ET + 2 * MINUTE, '100.45', false))
      expect(filled).toHaveLength(1)
      // Now a minute skipped: 10:03 never came before 10:04.
      await send(minute('AAPLon', TUESDAY_10_00_ET + 4 * MINUTE, '100.50', false))
      expect(filled).toHaveLength(2)
      // Another skip within the minute since: REST is not asked again yet.
      await send(minute('AAPLon', TUESDAY_10_00_ET + 6 * MINUTE, '100.55', false))
      expect(filled).toHaveLength(2)
    },
  )

  it('asks REST on a skip exactly a minute after it last asked', async () => {
    const { send, filled, askedAt, time, open, calls } = await framesFeed()
    await open('AAPLon')
    await send(minute('AAPLon', TUESDAY_10_00_ET, '100.35', false))
    // The clock stands at exactly a minute after the first ask while the skipping frame is read.
    time.advanceTo((askedAt[0] as number) + MINUTE)
    calls[0]?.write({ updates: [minute('AAPLon', TUESDAY_10_00_ET + 2 * MINUTE, '100.45', false)] })
    await until(() => filled.length === 2, 'REST asked again')
  })

  it('keeps a day of minutes at most, the newest; a minute it closed stays final over REST', async () => {
    const { send, filled, calls, last, setRest, open, time } = await framesFeed()
    await open('AAPLon')
    const start = TUESDAY_10_00_ET - (MAX_DAY_MINUTES + 59) * MINUTE
    const closed = Array.from({ length: MAX_DAY_MINUTES + 60 }, (_, i) =>
      minute('AAPLon', start + i * MINUTE, `${100 + (i % 50)}.15`, true),
    )
    await send(...closed)
    const kept = last().closed as DayCandle[]
    expect(kept).toHaveLength(MAX_DAY_MINUTES)
    const first = start + 60 * MINUTE
    expect(kept[0]?.t).toBe(first)
    expect(kept.at(-1)?.t).toBe(TUESDAY_10_00_ET)
    // REST answers from the first kept minute with other figures: the streamed, closed ones stand.
    setRest([{ t: first, open: '1.10', high: '1.10', low: '1.10', close: '1.10' }])
    const firstFill = last().filledAt
    calls.at(-1)?.end()
    await until(() => {
      // The retry waits its backoff on the manual clock.
      time.advanceTo(time.clock.now + 1_000)
      return filled.length === 2
    }, 'REST asked again as the call reopens')
    await until(() => {
      time.advanceTo(time.clock.now + 250)
      return last().filledAt !== firstFill && last().closed !== null
    }, 'the REST answer painted')
    expect((last().closed as DayCandle[])[0]).toMatchObject({ t: first, close: '110.15' })
  })

  it('the same symbol again repaints the whole view at once; a new one starts empty', async () => {
    const { stream, send, views, calls, last, open } = await framesFeed()
    await open('AAPLon')
    await send(
      minute('AAPLon', TUESDAY_10_00_ET - MINUTE, '100.30', true),
      minute('AAPLon', TUESDAY_10_00_ET, '100.35', false),
    )
    await send(minute('AAPLon', TUESDAY_10_00_ET, '100.40', false))
    // The live minute moved alone: its view carries no closed minutes.
    expect(last().closed).toBeNull()
    // Twice, the second within the paint gap of the first: each is painted at once all the same.
    const seen = views.length
    stream.setSymbol('AAPLon')
    stream.setSymbol('AAPLon')
    expect(views).toHaveLength(seen + 2)
    expect(last().closed).toEqual([
      { t: TUESDAY_10_00_ET - MINUTE, open: '100.10', high: '101.35', low: '99.85', close: '100.30' },
    ])
    expect(last().live).toMatchObject({ close: '100.40' })
    expect(calls).toHaveLength(1)
    stream.setSymbol('MSFTon')
    expect(last()).toMatchObject({ symbol: 'MSFTon', closed: [], live: null })
    await until(() => calls.length === 2, 'a call for the new symbol')
  })

  it('held: the call closes, the chart says paused; held again, released twice: the same call', async () => {
    const { stream, calls, last, open, sendOn } = await framesFeed()
    await open('AAPLon')
    expect(last()).toMatchObject({ state: 'connecting', reason: null })
    stream.setHeld(true)
    expect(last()).toMatchObject({ state: 'paused', reason: 'updates paused' })
    await until(() => calls[0]?.cancelled === true, 'the call cancelled')
    stream.setHeld(true)
    stream.setHeld(false)
    await until(() => calls.length === 2, 'a call again once released')
    expect(last()).toMatchObject({ state: 'connecting' })
    // Released again while released: the call stands (a new one would leave this frame unread).
    stream.setHeld(false)
    await sendOn(calls[1] as OhlcCall, minute('AAPLon', TUESDAY_10_00_ET, '100.35', false))
    expect(last()).toMatchObject({ state: 'streaming', live: { close: '100.35' } })
    expect(calls).toHaveLength(2)
  })
})
