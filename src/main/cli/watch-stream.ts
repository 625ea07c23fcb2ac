import { realClock } from '../core/clock'
import type { MarketFeed } from '../core/feed/market-feed'
import { PriceStream } from '../core/feed/stream/price-stream'
import { streamPlace } from '../core/feed/stream/stream-address'
import type { StreamStatus } from '../../shared/stream-status'
import { type CliIo, writeLine } from './io'

/**
 * `tokenwatch watch`'s price stream: the app's PriceStream beside the same MarketFeed, so the CLI
 * streams where it can and polls where it cannot, exactly as the app does. It says on stderr which
 * source is live each time that changes; `source()` names it for the NDJSON lines.
 */

export type WatchSource = 'stream' | 'poll'

export interface WatchStreamOptions {
  baseUrl: string
  apiKey: string
  /** The --stream-address flag: empty derives it from the base URL, `off` never streams. */
  address: string
  io: CliIo
  /** Called when streaming is found not available before it ever streamed (--stream exits on it). */
  onUnavailable?: (reason: string) => void
}

export class WatchStream {
  private readonly stream: PriceStream
  /** While a streamed frame is folded in, the deltas it makes are the stream's. */
  private folding = false
  private said = ''
  private everStreamed = false

  constructor(
    private readonly feed: MarketFeed,
    private readonly options: WatchStreamOptions,
  ) {
    this.stream = new PriceStream({
      clock: realClock,
      onPrices: (records, receivedAt) => {
        this.folding = true
        try {
          feed.applyStreamedPrices(records, receivedAt)
        } finally {
          this.folding = false
        }
      },
      onChange: () => {
        feed.setStreamed(this.stream.streamed())
        this.tell(this.stream.status())
      },
    })
  }

  start(symbols: readonly string[]): void {
    const place = streamPlace(this.options.baseUrl, this.options.address)
    this.stream.setSymbols(symbols)
    this.stream.connect(place.ok ? place.target : null, this.options.apiKey, place.ok ? '' : place.reason)
  }

  /** Which source the delta being printed came from. */
  source(): WatchSource {
    return this.folding ? 'stream' : 'poll'
  }

  close(): void {
    this.stream.close()
  }

  private tell(status: StreamStatus): void {
    const line =
      status.state === 'streaming'
        ? 'prices: streaming'
        : status.state === 'polling'
          ? `prices: polling; streaming not available: ${status.reason}`
          : ''
    // 'not connected' is the stream closing as watch stops: nothing to tell.
    if (status.state === 'polling' && status.reason === 'not connected') return
    if (status.state === 'streaming') this.everStreamed = true
    if (line === '' || line === this.said) return
    this.said = line
    writeLine(this.options.io.stderr, `tokenwatch watch: ${line}`)
    if (status.state === 'polling' && !this.everStreamed) this.options.onUnavailable?.(status.reason)
  }
}
