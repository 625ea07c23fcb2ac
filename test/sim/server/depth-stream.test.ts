import * as grpc from '@grpc/grpc-js'
import { afterEach, describe, expect, it } from 'vitest'
import type { SoftQuoteDepthMessage } from '../../../src/main/core/depth/depth-message'
import { type UpdatesFrame, backendClientConstructor } from '../../../src/main/core/feed/stream/stream-proto'
import { DEFAULT_READINGS } from '../../../src/main/sim/market/service-bodies'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import type { StreamFaultPlan } from '../../../src/main/sim/server/stream-faults'
import { API_KEY, SATURDAY_NOON_ET, TUESDAY_10_00_ET, manualClock } from '../sim-helpers'
import { uint64Of } from '../../../src/main/core/uint64'
import { asRead } from '../../support/uint64'

/**
 * StreamSoftQuoteDepth served by the simulator to a real grpc-js client over loopback, the market
 * on a manual clock: the ladder of the same second as the market's, a new one each price step,
 * and the stream fault switches. Each wait is for the event itself, never for a time.
 */

const servers: SimServer[] = []
const clients: grpc.Client[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  for (const server of servers.splice(0)) await server.close()
})

async function sim(start: number, streamFaults?: StreamFaultPlan) {
  const clock = manualClock(start)
  const server = await startSimServer({
    apiKey: API_KEY,
    assets: 40,
    clock: clock.now,
    grpcFrameMs: 20,
    streamFaults,
  })
  servers.push(server)
  return { server, clock }
}

interface Depths {
  /** The next frame, or the status the stream ended with. */
  next(): Promise<UpdatesFrame<SoftQuoteDepthMessage> | { code: number }>
  call: grpc.ClientReadableStream<UpdatesFrame<SoftQuoteDepthMessage>>
}

function openDepth(server: SimServer, symbols: string[]): Depths {
  const client = new (backendClientConstructor())(
    server.grpcAddress as string,
    grpc.credentials.createInsecure(),
  )
  clients.push(client)
  const metadata = new grpc.Metadata()
  metadata.set('x-api-key', API_KEY)
  type Method = (
    request: unknown,
    md: grpc.Metadata,
  ) => grpc.ClientReadableStream<UpdatesFrame<SoftQuoteDepthMessage>>
  const call = (client as unknown as Record<string, Method>)['StreamSoftQuoteDepth']!({ symbols }, metadata)
  const queue: (UpdatesFrame<SoftQuoteDepthMessage> | { code: number })[] = []
  const waiting: ((item: UpdatesFrame<SoftQuoteDepthMessage> | { code: number }) => void)[] = []
  const put = (item: UpdatesFrame<SoftQuoteDepthMessage> | { code: number }) => {
    const resolve = waiting.shift()
    if (resolve) resolve(item)
    else queue.push(item)
  }
  call.on('data', put)
  call.on('error', (error: grpc.ServiceError) => put({ code: error.code }))
  call.on(
    'status',
    (status: grpc.StatusObject) => status.code === grpc.status.OK && put({ code: status.code }),
  )
  return {
    call,
    next: () => {
      const item = queue.shift()
      return item ? Promise.resolve(item) : new Promise((resolve) => waiting.push(resolve))
    },
  }
}

async function frame(depths: Depths): Promise<SoftQuoteDepthMessage[]> {
  const item = await depths.next()
  if ('code' in item) throw new Error(`the stream ended with status ${item.code}`)
  return item.updates
}

describe('simulator depth stream', () => {
  it('a regular Tuesday: the market’s ladder of the same second, a new one each price step', async () => {
    const { server, clock } = await sim(TUESDAY_10_00_ET)
    const depths = openDepth(server, ['AAPLon', 'NOTLISTEDon', 'MSFTon'])
    const first = await frame(depths)
    expect(first.map((depth) => depth.symbol)).toEqual(['AAPLon', 'MSFTon'])
    expect(first[0]).toEqual(asRead(server.market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!))
    expect(first[0]!.bids).toHaveLength(10)
    clock.advance(1_000)
    const second = await frame(depths)
    expect(uint64Of(second[0]!.timestamp)! - uint64Of(first[0]!.timestamp)!).toBe(1_000_000_000n)
  })

  it('a Saturday: the conventional token’s error, the off-hours token’s ladder', async () => {
    const { server } = await sim(SATURDAY_NOON_ET)
    const depths = openDepth(server, ['AAPLon', 'NVDAon'])
    const [aapl, nvda] = await frame(depths)
    expect(aapl).toMatchObject({ error: 'MARKET_CLOSED: Weekend/Holiday', bids: [], asks: [] })
    expect(nvda).toMatchObject({ error: '', session_type: 'offhours' })
    expect(nvda!.asks.length).toBeGreaterThan(0)
  })

  it.each([
    [{ refuse: true }, grpc.status.UNAVAILABLE],
    [{ unauthenticated: true }, grpc.status.UNAUTHENTICATED],
    [{ resourceExhausted: true }, grpc.status.RESOURCE_EXHAUSTED],
  ] as const)('fault %o refuses the depth stream with status %i', async (plan, code) => {
    const { server } = await sim(TUESDAY_10_00_ET, plan)
    expect(await openDepth(server, ['AAPLon']).next()).toEqual({ code })
  })

  it('ends after N frames when told to', async () => {
    const { server, clock } = await sim(TUESDAY_10_00_ET, { endAfterFrames: 1 })
    const depths = openDepth(server, ['AAPLon'])
    await frame(depths)
    clock.advance(1_000)
    expect(await depths.next()).toEqual({ code: grpc.status.OK })
  })

  it(
    'out of order and malformed: bids worst first, a bad decimal ' + 'and a zero quantity among the asks',
    async () => {
      const { server } = await sim(TUESDAY_10_00_ET, { outOfOrder: true, malformed: true })
      const [sent] = await frame(openDepth(server, ['AAPLon']))
      const market = server.market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!
      expect(sent!.bids).toEqual([...market.bids].reverse())
      expect(sent!.asks.slice(0, -2)).toEqual(market.asks)
      expect(sent!.asks.slice(-2)).toEqual([
        { price: '12.3.4', quantity: market.asks[0]!.quantity },
        { price: market.asks[0]!.price, quantity: '0' },
      ])
    },
  )

  it('a service with only the spec’s endpoints: UNIMPLEMENTED', async () => {
    const { server } = await sim(TUESDAY_10_00_ET)
    server.setSpecOnly(true)
    expect(await openDepth(server, ['AAPLon']).next()).toEqual({ code: grpc.status.UNIMPLEMENTED })
  })
})
