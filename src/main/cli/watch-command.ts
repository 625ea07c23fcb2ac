import type { Delta } from '../../shared/domain'
import type { EndpointName } from '../../shared/status'
import { DEFAULT_SETTINGS } from '../../shared/settings'
import { easternClock, pad2 } from '../../shared/session-clock'
import { cadenceOf, MarketFeed } from '../core/feed/market-feed'
import { symbolsOrExit } from './symbol-reading'
import { type CliIo, EXIT, untilSignal, UsageError, parseFlags, writeLine } from './io'
import {
  SERVICE_FLAGS,
  type StoredKeyReader,
  BASE_URL_HELP,
  parseBaseUrlFlag,
  resolveApiKey,
  serviceSettings,
  symbolsToWatch,
} from './service-args'
import { openClient } from './service-client'
import { streamAddressProblem } from '../../shared/stream-setting'
import { WatchStream } from './watch-stream'

/**
 * `tokenwatch watch`: the app's own polling loop (MarketFeed: scheduler, store, deltas) and its
 * price stream (watch-stream.ts), headless.
 * Each delta is printed as it happens, one JSON line each with --json (NDJSON), until stopped.
 */

export const WATCH_USAGE = `Usage: tokenwatch watch (--symbols AAPLon,TSLAon | --list NAME) [--base-url URL] [--json] [--count N]
                       [--poll | --stream] [--stream-address HOST:PORT]

  --symbols LIST    comma-separated token symbols; "aapl" is read as AAPLon, and by the service's
                    listing "brk-b" as BRK.Bon and "coca cola" as KOon (the reading on stderr)
  --list NAME       the symbols of the app's saved watchlist NAME
  --base-url URL    ${BASE_URL_HELP}
  --json            print each delta as one JSON line (NDJSON) instead of readable lines
  --count N         stop after N deltas (default: run until Ctrl+C)
  --poll            poll prices only, never stream
  --stream          stream prices, or exit 4 with one line where streaming is not available
  --stream-address  where prices stream from (default: streamAddress in the app's settings, else the
                    base URL's api. host as grpc. on 443; off never streams)

Streams prices where the service can (gRPC, as the app does) and says on stderr which source is
live each time that changes; with --json each line carries "source": "stream" or "poll". Polls at the app's default cadences (prices 5 s, market data and limits 60 s) with the same
backoff. Problems (key rejected, rate limited, offline) go to stderr, one line per endpoint each
time its problem changes, not again at every retry.
The API key comes from TOKENWATCH_API_KEY, else from the keychain.
`

export interface WatchCommandDeps {
  readStoredKey?: StoredKeyReader
  /** Resolves when watching should stop. Default: on SIGINT or SIGTERM. */
  untilStopped?: () => Promise<void>
  timeoutMs?: number
}

function parseCount(value: string | undefined): number | null {
  if (value === undefined) return null
  const count = Number(value)
  if (!Number.isInteger(count) || count < 1)
    throw new UsageError('--count must be a whole number of at least 1.')
  return count
}

/**
 * One readable line per asset whose price changed: "14:02:05 ET  AAPLon  190.25  +0.12%". Market
 * time with its zone named, as the window's times are by default.
 */
export function describeDelta(delta: Delta): string[] {
  const clock = easternClock(delta.asOf)
  const time = `${pad2(clock.hour)}:${pad2(clock.minute)}:${pad2(clock.second)} ET`
  const lines = delta.changed
    .filter((change) => change.fields.price !== undefined)
    .map((change) => {
      const pct = change.fields.changePct24h
      return `${time}  ${change.symbol}  ${change.fields.price}${pct ? `  ${pct.startsWith('-') ? '' : '+'}${pct}%` : ''}`
    })
  for (const asset of delta.added) lines.push(`${time}  ${asset.symbol}  ${asset.price ?? '…'}`)
  for (const symbol of delta.removed) lines.push(`${time}  ${symbol}  removed`)
  return lines
}

export async function runWatchCommand(
  argv: string[],
  io: CliIo,
  deps: WatchCommandDeps = {},
): Promise<number> {
  let baseUrlFlag: string | null
  let symbols: string[]
  let json: boolean
  let count: number | null
  let mode: 'poll' | 'stream' | 'auto'
  let streamAddressFlag: string | null
  try {
    const values = parseFlags(argv, {
      ...SERVICE_FLAGS,
      json: { type: 'boolean' },
      count: { type: 'string' },
      poll: { type: 'boolean' },
      stream: { type: 'boolean' },
      'stream-address': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    })
    if (values.poll && values.stream) throw new UsageError('--poll and --stream cannot go together.')
    mode = values.poll ? 'poll' : values.stream ? 'stream' : 'auto'
    streamAddressFlag = values['stream-address'] ?? null
    const problem = streamAddressFlag === null ? null : streamAddressProblem(streamAddressFlag)
    if (problem) throw new UsageError(`--stream-address: ${problem}.`)
    if (values.help) {
      io.stdout.write(WATCH_USAGE)
      return EXIT.ok
    }
    baseUrlFlag = parseBaseUrlFlag(values['base-url'])
    symbols = await symbolsToWatch(values, io.env)
    json = values.json ?? false
    count = parseCount(values.count)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    writeLine(io.stderr, `tokenwatch watch: ${error.message} (see tokenwatch watch --help)`)
    return EXIT.usage
  }

  const { baseUrl, streamAddress } = await serviceSettings(
    { baseUrl: baseUrlFlag, streamAddress: streamAddressFlag },
    'watch',
    io,
  )
  if (io.verbose && mode !== 'poll')
    writeLine(
      io.stderr,
      `tokenwatch watch: streaming from ${streamAddress === '' ? "the base URL's grpc. host" : streamAddress}`,
    )
  const apiKey = await resolveApiKey(io, baseUrl, deps.readStoredKey)
  const client = await openClient('watch', io, baseUrl, deps)
  if (typeof client === 'number') return client
  const read = await symbolsOrExit('watch', symbols, client, io)
  if (typeof read === 'number') {
    await client.close()
    return read
  }

  let reachedCount: () => void = () => {}
  const counted = new Promise<void>((resolve) => (reachedCount = resolve))
  let deltas = 0
  // What each endpoint last reported, so a problem is said once, not again at every retry.
  const lastProblems: Record<EndpointName, string> = { prices: '', market: '', limits: '' }
  const feed: MarketFeed = new MarketFeed({ baseUrl, demo: false }, read, {
    cadenceMs: cadenceOf(() => DEFAULT_SETTINGS.cadences),
    onDelta: (delta) => {
      if (count !== null && deltas >= count) return // stopping: the count is printed
      if (json) writeLine(io.stdout, JSON.stringify({ ...delta, source: stream?.source() ?? 'poll' }))
      else for (const line of describeDelta(delta)) writeLine(io.stdout, line)
      deltas += 1
      if (count !== null && deltas >= count) reachedCount()
    },
    onStatusChange: () => {
      for (const endpoint of Object.keys(lastProblems) as EndpointName[]) {
        const problem = feed.endpointStatus(endpoint).lastError?.message ?? ''
        if (problem !== '' && problem !== lastProblems[endpoint])
          writeLine(io.stderr, `tokenwatch watch: ${endpoint}: ${problem}`)
        lastProblems[endpoint] = problem
      }
    },
  })
  let unavailable: () => void = () => {}
  const refused = new Promise<void>((resolve) => (unavailable = resolve))
  const stream =
    mode === 'poll' || apiKey === null
      ? null
      : new WatchStream(feed, {
          baseUrl,
          apiKey,
          address: streamAddress,
          io,
          onUnavailable: () => unavailable(),
        })
  feed.setClient(client, { baseUrl, demo: false })
  feed.start()
  stream?.start(read)
  const stopped = (deps.untilStopped ?? untilSignal)()
  const ended = await Promise.race([
    counted,
    stopped,
    ...(mode === 'stream' ? [refused.then(() => 'refused' as const)] : []),
  ])
  stream?.close()
  feed.stop()
  if (ended === 'refused') {
    await client.close()
    return EXIT.service
  }
  await client.close()
  return EXIT.ok
}
