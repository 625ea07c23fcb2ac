import * as grpc from '@grpc/grpc-js'
import {
  type OhlcUpdateMessage,
  type PriceUpdateMessage,
  type SymbolsRequest,
  type UpdatesFrame,
  backendService,
} from '../../core/feed/stream/stream-proto'
import type { SimMarket } from '../market/market'
import { type StreamFaultPlan, bentPriceFrame, refusalOf } from './stream-faults'
import type { SoftQuoteDepthMessage } from '../../core/depth/depth-message'
import { depthFrames } from './depth-frames'

/**
 * The simulator's gRPC service (real-service-notes.md, "Streaming"), plaintext on 127.0.0.1 beside
 * its REST endpoints and from the same SimMarket: a streamed price is the REST price of the same
 * instant, string for string, and a streamed minute candle is the REST 1-minute candle of that
 * minute. Each open stream looks at the market every `frameMs` and sends what changed since its
 * last frame, every changed symbol in one frame (as the service batches them); its timer stops
 * when the client cancels, the stream ends or the server closes, so nothing runs on by itself.
 */

export interface SimGrpcOptions {
  market: SimMarket
  apiKey: string
  /** How often each stream looks for changes (real time); default 200 ms. */
  frameMs?: number
  faults?: StreamFaultPlan
  /**
   * Called with each price frame in the tick that writes it, just before the write: the bench
   * stamps each streamed price with the time it left the simulator (bench/node/update-latency.ts).
   */
  onPriceFrame?: (updates: readonly PriceUpdateMessage<string>[]) => void
}

export interface SimGrpcStats {
  calls: number
  /** Streams open now. */
  open: number
  refused: number
  frames: number
  updates: number
}

export interface SimGrpcServer {
  /** '127.0.0.1:PORT' */
  address: string
  setFaults(plan: StreamFaultPlan): void
  /** As a service with only the spec's endpoints: every call UNIMPLEMENTED. */
  setUnimplemented(unimplemented: boolean): void
  stats(): SimGrpcStats
  close(): Promise<void>
}

/** At most this many updates go in one frame; more are split over several. */
export const MAX_UPDATES_PER_FRAME = 1_000
/** Streams open at once beyond this are refused RESOURCE_EXHAUSTED: the server's memory is bounded. */
export const MAX_OPEN_STREAMS = 64
const DEFAULT_FRAME_MS = 200
const NS_PER_MS = 1_000_000n

export const nanosOf = (ms: number): string => (BigInt(ms) * NS_PER_MS).toString()

type Call<Res> = grpc.ServerWritableStream<SymbolsRequest, UpdatesFrame<Res>>

export async function startSimGrpcServer(options: SimGrpcOptions): Promise<SimGrpcServer> {
  const server = new grpc.Server()
  const open = new Set<() => void>()
  const stats: Omit<SimGrpcStats, 'open'> = { calls: 0, refused: 0, frames: 0, updates: 0 }
  let faults: StreamFaultPlan = options.faults ?? {}
  let unimplemented = false
  const frameMs = options.frameMs ?? DEFAULT_FRAME_MS

  /** Refuses the call as the plan or the key says; true when it did. */
  const refused = (call: Call<unknown>): boolean => {
    stats.calls++
    const key = call.metadata.get('x-api-key')[0]
    const refusal = unimplemented
      ? grpc.status.UNIMPLEMENTED
      : key !== options.apiKey
        ? grpc.status.UNAUTHENTICATED
        : open.size >= MAX_OPEN_STREAMS
          ? grpc.status.RESOURCE_EXHAUSTED
          : (() => {
              const name = refusalOf(faults)
              return name === null ? null : grpc.status[name]
            })()
    if (refusal === null) return false
    stats.refused++
    call.emit('error', { code: refusal, details: grpc.status[refusal] })
    return true
  }

  /**
   * Runs `next` every frameMs on the call until it is cancelled, ended or the server closes. The
   * plan it opened with decides when it ends; silence is read at each frame.
   */
  const serve = <Res>(call: Call<Res>, next: () => Res[]) => {
    if (refused(call as Call<unknown>)) return
    const plan = faults
    let frames = 0
    let timer: NodeJS.Timeout | null = null
    const stop = () => {
      if (timer) clearTimeout(timer)
      timer = null
      open.delete(stop)
    }
    open.add(stop)
    call.on('cancelled', stop)
    call.on('error', stop)
    const tick = () => {
      timer = null
      if (!open.has(stop)) return
      // Read live: a stream already open goes silent when the switch is set.
      if (!faults.silent) {
        const updates = next()
        for (let at = 0; at < updates.length; at += MAX_UPDATES_PER_FRAME) {
          const chunk = updates.slice(at, at + MAX_UPDATES_PER_FRAME)
          call.write({ updates: chunk })
          stats.frames++
          stats.updates += chunk.length
          frames++
          if (plan.endAfterFrames !== undefined && frames >= plan.endAfterFrames) {
            stop()
            call.end()
            return
          }
        }
      }
      timer = setTimeout(tick, frameMs)
    }
    tick()
  }

  const service: grpc.UntypedServiceImplementation = {
    HealthCheck: (_call: unknown, callback: grpc.sendUnaryData<{ status: string }>) =>
      callback(null, { status: 'SERVING' }),
    StreamPriceUpdates: (call: Call<PriceUpdateMessage<string>>) => {
      const symbols = subscribed(options.market, call.request.symbols)
      const sent = new Map<string, PriceUpdateMessage<string>>()
      serve(call, () => {
        const plan = faults
        const fresh: PriceUpdateMessage<string>[] = []
        for (const symbol of symbols) {
          const update = priceUpdateOf(options.market, symbol)
          const last = sent.get(symbol)
          if (!update || last?.timestamp === update.timestamp) continue
          fresh.push(update)
        }
        const frame = bentPriceFrame(fresh, sent, plan)
        for (const update of fresh) sent.set(update.symbol, update)
        if (frame.length > 0) options.onPriceFrame?.(frame)
        return frame
      })
    },
    StreamOHLC: (call: Call<OhlcUpdateMessage<string>>) => {
      const symbols = subscribed(options.market, call.request.symbols)
      const minutes = new Map<string, MinuteState>()
      serve(call, () => symbols.flatMap((symbol) => minuteUpdates(options.market, symbol, minutes)))
    },
    StreamSoftQuoteDepth: (call: Call<SoftQuoteDepthMessage<string>>) =>
      serve(
        call,
        depthFrames(options.market, subscribed(options.market, call.request.symbols), () => faults),
      ),
  }
  server.addService(backendService(), service)
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  return {
    address: `127.0.0.1:${port}`,
    setFaults: (plan) => {
      faults = plan
    },
    setUnimplemented: (value) => {
      unimplemented = value
    },
    stats: () => ({ ...stats, open: open.size }),
    close: async () => {
      for (const stop of [...open]) stop()
      server.forceShutdown()
    },
  }
}

/** The listed symbols asked for (unknown ones are left out); none asked: every asset. */
function subscribed(market: SimMarket, asked: readonly string[]): string[] {
  return asked.length === 0 ? market.symbols() : [...new Set(asked)].filter((symbol) => market.has(symbol))
}

function priceUpdateOf(market: SimMarket, symbol: string): PriceUpdateMessage<string> | null {
  const record = market.priceRecord(symbol)
  if (!record) return null
  return {
    ticker: record.underlyingMarket.ticker,
    symbol,
    stock_price: record.underlyingMarket.price,
    token_price: record.primaryMarket.price,
    timestamp: nanosOf(record.timestamp),
  }
}

/** Per symbol: the minute last sent and what was sent of it. */
interface MinuteState {
  bucket: number
  sent: string
}

/**
 * The OHLC stream's next updates for one symbol, read off the REST 1-minute candles of the same
 * instant: the live minute when it changed, and, when a new minute has begun, the one before it in
 * its final form with `is_closed` (its last emission).
 */
function minuteUpdates(
  market: SimMarket,
  symbol: string,
  minutes: Map<string, MinuteState>,
): OhlcUpdateMessage<string>[] {
  const body = market.candles(symbol, '1min', '1day')
  const live = body?.primaryMarket.data.at(-1)
  if (!body || !live) return []
  const stockAt = (timestamp: number) =>
    body.underlyingMarket.data.find((candle) => candle.timestamp === timestamp)
  const updateOf = (timestamp: number, isClosed: boolean): OhlcUpdateMessage<string> | null => {
    const token = body.primaryMarket.data.find((candle) => candle.timestamp === timestamp)
    if (!token) return null
    const stock = stockAt(timestamp)
    return {
      primary_market: { symbol, open: token.open, high: token.high, low: token.low, close: token.close },
      underlying_market: stock
        ? {
            ticker: body.underlyingMarket.ticker,
            open: stock.open,
            high: stock.high,
            low: stock.low,
            close: stock.close,
          }
        : null,
      is_closed: isClosed,
      timestamp: nanosOf(timestamp),
    }
  }
  const updates: OhlcUpdateMessage<string>[] = []
  const state = minutes.get(symbol)
  if (state && state.bucket < live.timestamp) {
    const closed = updateOf(state.bucket, true)
    if (closed) updates.push(closed)
  }
  const current = updateOf(live.timestamp, false)
  const text = JSON.stringify(current)
  if (current && (state?.bucket !== live.timestamp || state.sent !== text)) updates.push(current)
  minutes.set(symbol, { bucket: live.timestamp, sent: text })
  return updates
}
