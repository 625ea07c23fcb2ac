import * as grpc from '@grpc/grpc-js'
import type { Clock } from '../../clock'
import type { StreamTarget } from './stream-address'
import { type UpdatesFrame, backendClientConstructor } from './stream-proto'

/**
 * What a stream of one kind of update for a few symbols needs around its call: a client for the
 * streaming host, the call with the key in `x-api-key` (to that host only), the retry's wait, and a
 * gate that paints what the window shows at most every so often.
 */

/** Retries back off from this to the cap, full jitter. */
export const STREAM_RETRY = { baseMs: 2_000, capMs: 5 * 60_000, floorMs: 500 }

/** A BackendService client for `target`: TLS, or plaintext where stream-address.ts allowed it (loopback). */
export function backendClient(target: StreamTarget, options?: grpc.ClientOptions): grpc.Client {
  return new (backendClientConstructor())(
    target.address,
    target.tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure(),
    options,
  )
}

type SymbolsMethod<M> = (
  this: grpc.Client,
  request: { symbols: string[] },
  metadata: grpc.Metadata,
) => grpc.ClientReadableStream<UpdatesFrame<M>>

/** Opens the server stream `method` for `symbols`, the key in the call's metadata. */
export function openSymbolsStream<M>(
  client: grpc.Client,
  method: 'StreamOHLC' | 'StreamSoftQuoteDepth' | 'StreamPriceUpdates',
  symbols: string[],
  apiKey: string,
): grpc.ClientReadableStream<UpdatesFrame<M>> {
  const metadata = new grpc.Metadata()
  metadata.set('x-api-key', apiKey)
  const call = (client as unknown as Record<string, SymbolsMethod<M>>)[method] as SymbolsMethod<M>
  return call.call(client, { symbols }, metadata)
}

/** The wait before the `failures`-th retry: exponential from `baseMs`, capped, full jitter, floored. */
export function retryDelayMs(failures: number, random: () => number, baseMs = STREAM_RETRY.baseMs): number {
  const ceiling = Math.min(STREAM_RETRY.capMs, baseMs * 2 ** (failures - 1))
  return Math.max(STREAM_RETRY.floorMs, Math.floor(random() * ceiling))
}

/** Paints at once when urgent or when `gapMs` has passed since the last paint, else once it has. */
export class PaintGate {
  private timer: unknown = null
  private lastAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly clock: Clock,
    private readonly gapMs: number,
    private readonly paint: () => void,
  ) {}

  request(urgent: boolean): void {
    const wait = this.lastAt + this.gapMs - this.clock.now()
    if (urgent || wait <= 0) return this.now()
    this.timer ??= this.clock.setTimeout(() => {
      this.timer = null
      this.now()
    }, wait)
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
  }

  private now(): void {
    this.cancel()
    this.lastAt = this.clock.now()
    this.paint()
  }
}
