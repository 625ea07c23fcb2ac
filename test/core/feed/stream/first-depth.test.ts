import * as grpc from '@grpc/grpc-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SoftQuoteDepthMessage } from '../../../../src/main/core/depth/depth-message'
import { readDepth } from '../../../../src/main/core/depth/depth-reading'
import { MAX_DEPTH_FRAME_BYTES, firstDepth } from '../../../../src/main/core/feed/stream/first-depth'
import {
  type SymbolsRequest,
  type UpdatesFrame,
  backendService,
} from '../../../../src/main/core/feed/stream/stream-proto'
import { DEFAULT_READINGS } from '../../../../src/main/sim/market/service-bodies'
import { type SimServer, startSimServer } from '../../../../src/main/sim/server/server'
import { asRead } from '../../../support/uint64'

/**
 * `tokenwatch depth`'s one ladder (first-depth.ts), against gRPC servers on 127.0.0.1: the
 * simulator for the service as it is, and a server of the test's own for what the simulator does
 * not send (another symbol's ladder first, a stream that ends at once or never speaks, a frame
 * over the size limit). The market sits on a regular Tuesday; every wait is for an answer, and
 * the only timeouts are the ones under test.
 */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const API_KEY = 'first-depth-key'
const LONG_WAIT_MS = 60_000
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const close of closers.splice(0)) await close()
})

async function simulator(options: { specOnly?: boolean } = {}): Promise<SimServer> {
  const server = await startSimServer({
    apiKey: API_KEY,
    assets: 40,
    clock: () => TUESDAY_10_00_ET,
    grpcFrameMs: 20,
    grpc: true,
  })
  if (options.specOnly) server.setSpecOnly(true)
  closers.push(() => server.close())
  return server
}

type DepthCall = grpc.ServerWritableStream<SymbolsRequest, UpdatesFrame<SoftQuoteDepthMessage<string>>>

/** A BackendService whose depth stream does what `serve` says; the requests it was sent are kept. */
async function ownServer(serve: (call: DepthCall) => void) {
  const server = new grpc.Server()
  const requests: string[][] = []
  server.addService(backendService(), {
    StreamSoftQuoteDepth: (call: DepthCall) => {
      requests.push(call.request.symbols)
      serve(call)
    },
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  closers.push(async () => void server.forceShutdown())
  return { target: { address: `127.0.0.1:${port}`, host: '127.0.0.1', tls: false }, requests }
}

const simTarget = (server: SimServer) => ({
  address: server.grpcAddress as string,
  host: '127.0.0.1',
  tls: false,
})

/** Resolves once `done` holds, looking every 10 ms (bounded by the test's own timeout). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('the first streamed ladder of one symbol', () => {
  it('Tuesday 10:00 ET: the ladder sent, the key in metadata; stream, client, timer closed', async () => {
    const server = await simulator()
    const closed = vi.spyOn(grpc.Client.prototype, 'close')
    // The call's own timeout: the one timer set for LONG_WAIT_MS (grpc-js sets others).
    const timers = vi.spyOn(globalThis, 'setTimeout')
    const cleared = vi.spyOn(globalThis, 'clearTimeout')
    const outcome = await firstDepth({
      target: simTarget(server),
      apiKey: API_KEY,
      symbol: 'AAPLon',
      timeoutMs: LONG_WAIT_MS,
    })
    const sent = server.market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!
    expect(outcome).toEqual({ kind: 'ladder', ladder: readDepth(asRead(sent)) })
    if (outcome.kind !== 'ladder') throw new Error('no ladder')
    expect(outcome.ladder.asks.length).toBeGreaterThan(0)
    expect(closed).toHaveBeenCalledTimes(1)
    // Its own timeout is cleared: nothing of the call keeps the command line's process waiting.
    const own = timers.mock.calls.findIndex((call) => call[1] === LONG_WAIT_MS)
    expect(cleared).toHaveBeenCalledWith(timers.mock.results[own]?.value)
    // The stream is cancelled, not left open until the channel goes.
    await until(() => server.grpc!.stats().open === 0)
  })

  it('asks for its symbol alone and waits past an empty frame and another symbol’s ladder', async () => {
    const sim = await simulator()
    const other = sim.market.softQuoteDepth('MSFTon', DEFAULT_READINGS)!
    const mine = sim.market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!
    const { target, requests } = await ownServer((call) => {
      call.write({ updates: [] })
      call.write({ updates: [other, mine] })
    })
    const outcome = await firstDepth({ target, apiKey: API_KEY, symbol: 'AAPLon', timeoutMs: LONG_WAIT_MS })
    expect(requests).toEqual([['AAPLon']])
    expect(outcome).toEqual({ kind: 'ladder', ladder: readDepth(asRead(mine)) })
  })

  it('a key the streams refuse: refused in our words, UNAUTHENTICATED', async () => {
    const server = await simulator()
    const outcome = await firstDepth({
      target: simTarget(server),
      apiKey: 'not-the-key',
      symbol: 'AAPLon',
      timeoutMs: LONG_WAIT_MS,
    })
    expect(outcome).toEqual({
      kind: 'refused',
      reason: 'this key may not stream',
      code: grpc.status.UNAUTHENTICATED,
    })
  })

  it('a service with only the spec’s endpoints (UNIMPLEMENTED): depth unavailable, said so', async () => {
    const server = await simulator({ specOnly: true })
    const outcome = await firstDepth({
      target: simTarget(server),
      apiKey: API_KEY,
      symbol: 'AAPLon',
      timeoutMs: LONG_WAIT_MS,
    })
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'the service streams no depth' })
  })

  it('a stream that ends before any ladder: refused, said as the stream ending', async () => {
    const { target } = await ownServer((call) => call.end())
    const outcome = await firstDepth({ target, apiKey: API_KEY, symbol: 'AAPLon', timeoutMs: LONG_WAIT_MS })
    expect(outcome).toEqual({
      kind: 'refused',
      reason: 'the stream ended before a ladder came',
      code: grpc.status.OK,
    })
  })

  it('a stream that never speaks: a timeout after the time asked', async () => {
    const { target, requests } = await ownServer(() => undefined)
    const outcome = await firstDepth({ target, apiKey: API_KEY, symbol: 'AAPLon', timeoutMs: 300 })
    expect(outcome).toEqual({ kind: 'timeout' })
    expect(requests).toEqual([['AAPLon']])
  })

  it('a frame over the size limit is refused by the client, not read, and said as such', async () => {
    const sim = await simulator()
    const other = sim.market.softQuoteDepth('MSFTon', DEFAULT_READINGS)!
    const padded = { ...other, error: 'x'.repeat(MAX_DEPTH_FRAME_BYTES + 512 * 1024) }
    // Past our 2 MiB and within grpc-js's default 4 MiB: only our own limit refuses it.
    const { target } = await ownServer((call) => call.write({ updates: [padded] }))
    const outcome = await firstDepth({ target, apiKey: API_KEY, symbol: 'AAPLon', timeoutMs: 5_000 })
    expect(outcome).toEqual({
      kind: 'refused',
      reason: 'a frame came larger than the app reads',
      code: grpc.status.RESOURCE_EXHAUSTED,
    })
  })
})
