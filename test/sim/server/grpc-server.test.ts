import * as grpc from '@grpc/grpc-js'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type OhlcUpdateMessage,
  type PriceUpdateMessage,
  type UpdatesFrame,
  backendClientConstructor,
} from '../../../src/main/core/feed/stream/stream-proto'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import type { StreamFaultPlan } from '../../../src/main/sim/server/stream-faults'
import {
  API_KEY,
  MINUTE,
  SATURDAY_NOON_ET,
  TUESDAY_10_00_ET,
  getJson,
  manualClock,
  until,
} from '../sim-helpers'
import { uint64Of } from '../../../src/main/core/uint64'
import { asRead, uint64 } from '../../support/uint64'

/**
 * The simulator's gRPC streams against a real grpc-js client over loopback, the market on a
 * manual clock: prices equal to REST's at the same instant, frames batching symbols, minute candles
 * equal to REST's, and every fault switch.
 */

const servers: SimServer[] = []
const clients: grpc.Client[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  for (const server of servers.splice(0)) await server.close()
})

async function sim(
  start = TUESDAY_10_00_ET,
  streamFaults?: StreamFaultPlan,
  specOnly = false,
  onPriceFrame?: (updates: readonly PriceUpdateMessage<string>[]) => void,
) {
  const clock = manualClock(start)
  const server = await startSimServer({
    apiKey: API_KEY,
    assets: 40,
    clock: clock.now,
    grpcFrameMs: 20,
    streamFaults,
    specOnly,
    onPriceFrame,
  })
  servers.push(server)
  return { server, clock }
}

interface Opened<U> {
  frames: UpdatesFrame<U>[]
  ended: { code: number } | null
  call: grpc.ClientReadableStream<UpdatesFrame<U>>
}

function open<U>(
  server: SimServer,
  method: 'StreamPriceUpdates' | 'StreamOHLC',
  symbols: string[],
  key = API_KEY,
): Opened<U> {
  const Client = backendClientConstructor()
  const client = new Client(server.grpcAddress as string, grpc.credentials.createInsecure())
  clients.push(client)
  const metadata = new grpc.Metadata()
  metadata.set('x-api-key', key)
  const call = (
    client as unknown as Record<
      string,
      (req: unknown, md: grpc.Metadata) => grpc.ClientReadableStream<UpdatesFrame<U>>
    >
  )[method]!({ symbols }, metadata)
  const opened: Opened<U> = { frames: [], ended: null, call }
  call.on('data', (frame: UpdatesFrame<U>) => opened.frames.push(frame))
  call.on('error', (error: grpc.ServiceError) => (opened.ended = { code: error.code }))
  call.on('status', (status: grpc.StatusObject) => (opened.ended ??= { code: status.code }))
  return opened
}

const updatesOf = <U>(opened: Opened<U>): U[] => opened.frames.flatMap((frame) => frame.updates)

describe('simulator gRPC price stream', () => {
  it('hands each price frame it writes to onPriceFrame, as the client receives it', async () => {
    const handed: PriceUpdateMessage<string>[][] = []
    const { server, clock } = await sim(TUESDAY_10_00_ET, undefined, false, (updates) =>
      handed.push([...updates]),
    )
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', server.market.symbols().slice(0, 3))
    await until(() => opened.frames.length >= 1, 'the first frame')
    clock.advance(1_000)
    await until(() => opened.frames.length >= 2, 'the frame of the next second')
    await until(() => handed.length >= opened.frames.length, 'the hook called for every frame')
    expect(handed.slice(0, opened.frames.length).map((updates) => updates.map(asRead))).toEqual(
      opened.frames.map((frame) => frame.updates),
    )
  })

  it(
    'streams the REST price of the same instant, several symbols ' + 'in one frame, the ns timestamp exact',
    async () => {
      const { server, clock } = await sim()
      const symbols = server.market.symbols().slice(0, 5)
      const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', symbols)
      await until(() => opened.frames.length >= 1, 'the first frame')
      expect(opened.frames[0]!.updates.map((update) => update.symbol)).toEqual(symbols)
      for (const update of opened.frames[0]!.updates) {
        const rest = (await (await getJson(server, `/v1/assets/${update.symbol}/prices/latest`)).json()) as {
          primaryMarket: { price: string }
          underlyingMarket: { price: string; ticker: string }
          timestamp: number
        }
        expect(update.token_price).toBe(rest.primaryMarket.price)
        expect(update.stock_price).toBe(rest.underlyingMarket.price)
        expect(update.ticker).toBe(rest.underlyingMarket.ticker)
        expect(uint64Of(update.timestamp)).toBe(BigInt(rest.timestamp) * 1_000_000n)
      }
      clock.advance(1_000)
      await until(() => opened.frames.length >= 2, 'a second frame after the price step')
      expect(
        uint64Of(opened.frames[1]!.updates[0]!.timestamp)! -
          uint64Of(opened.frames[0]!.updates[0]!.timestamp)!,
      ).toBe(1_000_000_000n)
    },
  )

  it('leaves out a symbol the market does not list', async () => {
    const { server } = await sim()
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon', 'NOTLISTEDon'])
    await until(() => opened.frames.length >= 1, 'the first frame')
    expect(updatesOf(opened).map((update) => update.symbol)).toEqual(['AAPLon'])
  })

  it('refuses a wrong key with UNAUTHENTICATED', async () => {
    const { server } = await sim()
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon'], 'not-the-key')
    await until(() => opened.ended !== null, 'the refusal')
    expect(opened.ended!.code).toBe(grpc.status.UNAUTHENTICATED)
  })

  it.each([
    [{ refuse: true }, grpc.status.UNAVAILABLE],
    [{ unauthenticated: true }, grpc.status.UNAUTHENTICATED],
    [{ resourceExhausted: true }, grpc.status.RESOURCE_EXHAUSTED],
  ] as const)('fault %o refuses every stream with status %i', async (plan, code) => {
    const { server } = await sim(TUESDAY_10_00_ET, plan)
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon'])
    await until(() => opened.ended !== null, 'the refusal')
    expect(opened.ended!.code).toBe(code)
  })

  it('ends every stream after N frames when told to', async () => {
    const { server, clock } = await sim(TUESDAY_10_00_ET, { endAfterFrames: 2 })
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon'])
    await until(() => opened.frames.length >= 1, 'the first frame')
    clock.advance(1_000)
    await until(() => opened.ended !== null, 'the end')
    expect(opened.frames).toHaveLength(2)
    expect(opened.ended!.code).toBe(grpc.status.OK)
  })

  it('stays connected and silent when told to', async () => {
    const { server, clock } = await sim(TUESDAY_10_00_ET, { silent: true })
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon'])
    clock.advance(3_000)
    await until(() => server.grpc!.stats().calls === 1, 'the call taken')
    expect(opened.frames).toHaveLength(0)
    expect(opened.ended).toBeNull()
  })

  it('repeats an older and a duplicate update after each new one when out of order', async () => {
    const { server, clock } = await sim(TUESDAY_10_00_ET, { outOfOrder: true })
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon'])
    await until(() => opened.frames.length >= 1, 'the first frame')
    clock.advance(1_000)
    await until(() => opened.frames.length >= 2, 'the second frame')
    const [newer, duplicate, older] = opened.frames[1]!.updates
    expect(duplicate).toEqual(newer)
    expect(older).toEqual(opened.frames[0]!.updates[0])
  })

  it('adds a bad decimal, an empty symbol and timestamp 0 to each frame when malformed', async () => {
    const { server } = await sim(TUESDAY_10_00_ET, { malformed: true })
    const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon'])
    await until(() => opened.frames.length >= 1, 'the first frame')
    const broken = opened.frames[0]!.updates.slice(1)
    expect(broken.map((update) => [update.symbol, update.token_price, update.timestamp])).toEqual([
      ['AAPLon', '12.3.4', opened.frames[0]!.updates[0]!.timestamp],
      ['', opened.frames[0]!.updates[0]!.token_price, opened.frames[0]!.updates[0]!.timestamp],
      ['AAPLon', opened.frames[0]!.updates[0]!.token_price, uint64(0n)],
    ])
  })

  it(
    'has no gRPC at all with only the spec’s endpoints, and answers ' + 'UNIMPLEMENTED once switched to them',
    async () => {
      const { server: specOnly } = await sim(TUESDAY_10_00_ET, undefined, true)
      expect(specOnly.grpcAddress).toBeNull()
      const { server } = await sim()
      server.setSpecOnly(true)
      const opened = open<PriceUpdateMessage>(server, 'StreamPriceUpdates', ['AAPLon'])
      await until(() => opened.ended !== null, 'the refusal')
      expect(opened.ended!.code).toBe(grpc.status.UNIMPLEMENTED)
    },
  )
})

describe('simulator gRPC minute candles', () => {
  it('keeps the live minute moving and closes it with the REST candle of that minute', async () => {
    const { server, clock } = await sim()
    const opened = open<OhlcUpdateMessage>(server, 'StreamOHLC', ['AAPLon'])
    await until(() => opened.frames.length >= 1, 'the live minute')
    const first = opened.frames[0]!.updates[0]!
    expect(first.is_closed).toBe(false)
    const bucket = Number(uint64Of(first.timestamp)! / 1_000_000n)
    expect(bucket % MINUTE).toBe(0)
    clock.set(bucket + MINUTE + 2_000)
    await until(() => updatesOf(opened).some((update) => update.is_closed), 'the closed minute')
    const closed = updatesOf(opened).find((update) => update.is_closed)!
    expect(uint64Of(closed.timestamp)).toBe(uint64Of(first.timestamp))
    const rest = (await (
      await getJson(server, '/v1/assets/AAPLon/prices/ohlc?interval=1min&range=1day')
    ).json()) as {
      primaryMarket: { data: { timestamp: number; open: string; high: string; low: string; close: string }[] }
    }
    const same = rest.primaryMarket.data.find((candle) => candle.timestamp === bucket)!
    expect(closed.primary_market).toEqual({
      symbol: 'AAPLon',
      open: same.open,
      high: same.high,
      low: same.low,
      close: same.close,
    })
    const live = updatesOf(opened).at(-1)!
    expect(live.is_closed).toBe(false)
    expect(Number(uint64Of(live.timestamp)! / 1_000_000n)).toBe(bucket + MINUTE)
  })

  it('sends a weekend off-hours token’s minute without a stock side while the stock is closed', async () => {
    const { server } = await sim(SATURDAY_NOON_ET)
    const offhours = server.market.symbols().find((symbol) => {
      const record = server.market.marketRecord(symbol)
      return record?.primaryMarket.tradableSessions?.includes('offhours')
    })!
    const opened = open<OhlcUpdateMessage>(server, 'StreamOHLC', [offhours])
    await until(() => opened.frames.length >= 1, 'the live minute')
    expect(opened.frames[0]!.updates[0]!.primary_market?.symbol).toBe(offhours)
    expect(opened.frames[0]!.updates[0]!.underlying_market).toBeNull()
  })
})
