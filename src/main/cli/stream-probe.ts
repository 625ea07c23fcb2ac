import type { Clock } from '../core/clock'
import { realClock } from '../core/clock'
import { PriceStream } from '../core/feed/stream/price-stream'
import { streamPlace } from '../core/feed/stream/stream-address'
import type { StreamStatus } from '../../shared/stream-status'

/**
 * `tokenwatch status`'s look at the price stream: the app's PriceStream opened for a few symbols
 * until it proves alive by a frame (streaming) or says why not (polling, with the reason in the
 * words the app's freshness line uses). Bounded: a stream that sends nothing is called silent by
 * PriceStream itself within FIRST_FRAME_WITHIN_MS. The stream is closed before this resolves.
 */

export interface StreamProbe {
  baseUrl: string
  apiKey: string
  /** The "Streaming address" setting: empty derives it from the base URL, `off` never streams. */
  address: string
  symbols: readonly string[]
  /** The command's clock: `since` is read from it, so a test at a fixed market time prints that time. */
  now: () => number
}

export type ProbedSource = Extract<StreamStatus, { state: 'streaming' | 'polling' }>

export function probePriceStream(probe: StreamProbe): Promise<ProbedSource> {
  const clock: Clock = { ...realClock, now: probe.now }
  return new Promise((resolve) => {
    const stream: PriceStream = new PriceStream({
      clock,
      onPrices: () => {},
      onChange: () => {
        const status = stream.status()
        // 'not connected' is the stream being closed here, after the answer.
        if (status.state === 'connecting' || status.state === 'paused') return
        if (status.state === 'polling' && status.reason === 'not connected') return
        resolve(status)
        // Closed once the answer is taken: PriceStream calls onChange from inside its own steps.
        queueMicrotask(() => stream.close())
      },
    })
    const place = streamPlace(probe.baseUrl, probe.address)
    stream.setSymbols(probe.symbols)
    stream.connect(place.ok ? place.target : null, probe.apiKey, place.ok ? '' : place.reason)
  })
}
