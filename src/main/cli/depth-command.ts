import {
  type DepthLadder,
  type DepthSide,
  type WalkAmount,
  type WalkOutcome,
  ladderSpread,
  readWalkAmount,
  withCumulative,
} from '../../shared/depth'
import { streamAddressProblem } from '../../shared/stream-setting'
import * as grpc from '@grpc/grpc-js'
import type { ApiClient } from '../core/api/api-client'
import { fairValueOf } from '../core/api/wire/normalize'
import { type FirstDepth, firstDepth } from '../core/feed/stream/first-depth'
import { walkLadder } from '../../shared/depth-walk'
import { streamPlace } from '../core/feed/stream/stream-address'
import { parseSymbolFlag } from './capacity-command'
import { type CliIo, EXIT, UsageError, parseFlags, writeLine } from './io'
import {
  BASE_URL_HELP,
  type StoredKeyReader,
  parseBaseUrlFlag,
  resolveApiKey,
  serviceSettings,
} from './service-args'
import { ONE_QUESTION_FLAGS, askService, writeJson } from './service-client'

/**
 * `tokenwatch depth --symbol S`: the first depth ladder the service streams for a token
 * (StreamSoftQuoteDepth, docs/depth.md) and, given a size, what it would cost now: the ladder
 * walked in decimal arithmetic against the display price and fair value of the REST endpoints. A
 * service that streams no depth is exit 4, said in one line.
 */

export const DEPTH_USAGE = `\
Usage: tokenwatch depth --symbol S [--side buy|sell] [--size N | --notional USD] [--json]
                        [--timeout SECONDS] [--stream-address HOST:PORT] [--base-url URL]

  --symbol S        the token; "aapl" is read as AAPLon
  --side buy|sell   which side to walk: buy takes the asks, sell the bids (default buy)
  --size N          walk N tokens, like 3.5
  --notional USD    walk this many dollars, like 1250.40
  --timeout S       how long to wait for the first ladder (default 10)
  --stream-address  where the depth streams from (default: streamAddress in the app's settings, else
                    the base URL's api. host as grpc. on 443)
  --base-url URL    ${BASE_URL_HELP}
  --json            print one JSON object: {symbol, session, timestamp, error, bids: [{price,
                    quantity}], asks, walk: {side, requested, filled, averagePrice, total,
                    slippageVsDisplay, slippageVsFair, exhausted, unit, holds} or null,
                    notWalked, crossed, repairs}; decimals as strings, slippage in basis points

Exit codes: 0 a ladder came (one with the service's error included), 2 bad usage or an unknown
symbol, 3 no API key or the key may not stream, 4 no depth: the service streams none, it could not
be reached, or no ladder came in time.
`

export interface DepthCommandDeps {
  readStoredKey?: StoredKeyReader
  now?: () => number
  timeoutMs?: number
}

interface DepthArgs {
  baseUrl: string | null
  streamAddress: string | null
  symbol: string
  side: DepthSide
  amount: WalkAmount | null
  json: boolean
  timeoutMs: number
}

const DEFAULT_TIMEOUT_S = 10
const MAX_TIMEOUT_S = 120

function parseArgs(argv: string[]): DepthArgs | 'help' {
  const values = parseFlags(argv, {
    ...ONE_QUESTION_FLAGS,
    symbol: { type: 'string' },
    side: { type: 'string' },
    size: { type: 'string' },
    notional: { type: 'string' },
    timeout: { type: 'string' },
    'stream-address': { type: 'string' },
  })
  if (values.help) return 'help'
  const side = values.side ?? 'buy'
  if (side !== 'buy' && side !== 'sell')
    throw new UsageError(`--side must be buy or sell, not "${side.slice(0, 20)}".`)
  if (values.size !== undefined && values.notional !== undefined)
    throw new UsageError('--size and --notional cannot go together: give tokens or dollars.')
  const unit = values.size !== undefined ? 'tokens' : values.notional !== undefined ? 'dollars' : null
  let amount: WalkAmount | null = null
  if (unit !== null) {
    const flag = unit === 'tokens' ? '--size' : '--notional'
    const read = readWalkAmount((unit === 'tokens' ? values.size : values.notional) ?? '', unit)
    if (!read.ok) throw new UsageError(`${flag}: ${read.message}`)
    amount = { unit, amount: read.amount }
  }
  const timeout = values.timeout ?? String(DEFAULT_TIMEOUT_S)
  if (!/^\d{1,3}$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > MAX_TIMEOUT_S)
    throw new UsageError(
      `--timeout: whole seconds from 1 to ${MAX_TIMEOUT_S}, not "${timeout.slice(0, 20)}".`,
    )
  const streamAddress = values['stream-address'] ?? null
  const problem = streamAddress === null ? null : streamAddressProblem(streamAddress)
  if (problem) throw new UsageError(`--stream-address: ${problem}.`)
  return {
    baseUrl: parseBaseUrlFlag(values['base-url']),
    streamAddress,
    symbol: parseSymbolFlag(values.symbol),
    side,
    amount,
    json: values.json ?? false,
    timeoutMs: Number(timeout) * 1_000,
  }
}

/** The display price and fair value of the REST endpoints now, each null when not to be had. */
async function references(
  client: ApiClient,
  symbol: string,
): Promise<{ display: string | null; fair: string | null }> {
  const [prices, market] = await Promise.all([client.price(symbol), client.market(symbol)])
  const price = prices.records[0]
  const multiplier = market.records[0]?.primaryMarket.sharesMultiplier ?? null
  const display = price?.primaryMarket.price ?? null
  const fair = fairValueOf(display, price?.underlyingMarket?.price ?? null, multiplier).fairValue
  return { display, fair }
}

function jsonOf(ladder: DepthLadder, outcome: WalkOutcome | null) {
  return {
    symbol: ladder.symbol,
    session: ladder.session,
    timestamp: ladder.timestampNs,
    error: ladder.error,
    bids: ladder.bids,
    asks: ladder.asks,
    walk:
      outcome?.ok === true
        ? {
            side: outcome.walk.side,
            requested: outcome.walk.requested.amount,
            filled: outcome.walk.filled,
            averagePrice: outcome.walk.averagePrice,
            total: outcome.walk.total,
            slippageVsDisplay: outcome.walk.slippageVsDisplay,
            slippageVsFair: outcome.walk.slippageVsFair,
            exhausted: outcome.walk.exhausted,
            unit: outcome.walk.requested.unit,
            holds: outcome.walk.holds,
          }
        : null,
    notWalked: outcome?.ok === false ? outcome.message : null,
    crossed: ladder.crossed,
    repairs: ladder.repairs,
  }
}

const bpWords = (bp: string | null, what: string): string =>
  bp === null
    ? `no ${what} known`
    : `${bp.replace(/^-/, '')} bp ${bp.startsWith('-') ? 'better than' : 'worse than'} ${what}`

function printText(
  io: CliIo,
  ladder: DepthLadder,
  outcome: WalkOutcome | null,
  display: string | null,
): void {
  const when = new Date(Number(BigInt(ladder.timestampNs) / 1_000_000n)).toISOString()
  writeLine(io.stdout, `${ladder.symbol}  session ${ladder.session}  at ${when} (streamed)`)
  if (ladder.error !== null) return writeLine(io.stdout, `No levels: ${ladder.error}`)
  const spread = display === null ? null : ladderSpread(ladder, display)
  if (spread) {
    const midBelow = spread.midVsDisplayBp.startsWith('-')
    writeLine(
      io.stdout,
      `Spread ${spread.spreadBp} bp of the display price ${display}` +
        `; mid ${spread.midVsDisplayBp.replace(/^-/, '')} bp ${midBelow ? 'below' : 'above'} it`,
    )
  }
  if (ladder.crossed) writeLine(io.stdout, 'Crossed: the best bid is above the best ask; not walked.')
  for (const [name, levels] of [
    ['Asks (buy)', ladder.asks],
    ['Bids (sell)', ladder.bids],
  ] as const) {
    writeLine(io.stdout, `${name}: price, tokens, cumulative tokens, cumulative dollars`)
    for (const level of withCumulative(levels))
      writeLine(
        io.stdout,
        `  ${level.price}  ${level.quantity}  ${level.cumulativeTokens}` + `  $${level.cumulativeDollars}`,
      )
  }
  if (outcome === null) return
  if (!outcome.ok) return writeLine(io.stdout, `Not walked: ${outcome.message}`)
  const walk = outcome.walk
  const asked =
    walk.requested.unit === 'tokens' ? `${walk.requested.amount} tokens` : `$${walk.requested.amount}`
  const verb = walk.side === 'buy' ? 'Buy' : 'Sell'
  const fill = walk.requested.unit === 'tokens' ? '' : ` for ${walk.filled} tokens`
  writeLine(
    io.stdout,
    `${verb} ${asked}: average ${walk.averagePrice ?? '-'}, total $${walk.total}${fill}; ` +
      `${bpWords(walk.slippageVsDisplay, 'the display price')}, ` +
      bpWords(walk.slippageVsFair, 'fair value'),
  )
  if (walk.exhausted)
    writeLine(
      io.stdout,
      `More than the ladder holds: it holds ${walk.holds.tokens} tokens, ` + `$${walk.holds.dollars}.`,
    )
}

/** What a stream that gave no ladder means, in one line, and its exit code. */
function noLadder(
  outcome: Exclude<FirstDepth, { kind: 'ladder' }>,
  timeoutMs: number,
): { line: string; code: number } {
  switch (outcome.kind) {
    case 'unavailable':
      return { line: `${outcome.reason} (StreamSoftQuoteDepth answered UNIMPLEMENTED).`, code: EXIT.service }
    case 'timeout':
      return { line: `no ladder came within ${timeoutMs / 1_000} s.`, code: EXIT.service }
    case 'refused': {
      const key =
        outcome.code === grpc.status.UNAUTHENTICATED || outcome.code === grpc.status.PERMISSION_DENIED
      return { line: `no depth: ${outcome.reason}.`, code: key ? EXIT.key : EXIT.service }
    }
  }
}

export async function runDepthCommand(
  argv: string[],
  io: CliIo,
  deps: DepthCommandDeps = {},
): Promise<number> {
  let args: DepthArgs | 'help'
  try {
    args = parseArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    writeLine(io.stderr, `tokenwatch depth: ${error.message} (see tokenwatch depth --help)`)
    return EXIT.usage
  }
  if (args === 'help') {
    io.stdout.write(DEPTH_USAGE)
    return EXIT.ok
  }
  const parsed = args
  const { baseUrl, streamAddress } = await serviceSettings(
    { baseUrl: parsed.baseUrl, streamAddress: parsed.streamAddress },
    'depth',
    io,
  )
  const place = streamPlace(baseUrl, streamAddress)
  if (!place.ok) {
    writeLine(io.stderr, `tokenwatch depth: no depth stream: ${place.reason}.`)
    return EXIT.service
  }
  return askService('depth', io, baseUrl, deps, async (client) => {
    // openClient found the key already; this reads it again only to hand it to the stream.
    const apiKey = (await resolveApiKey(io, baseUrl, deps.readStoredKey)) as string
    // The REST deadline (deps.timeoutMs) is not the stream's: the first ladder waits --timeout.
    const timeoutMs = parsed.timeoutMs
    const [depth, refs] = await Promise.all([
      firstDepth({ target: place.target, apiKey, symbol: parsed.symbol, timeoutMs }),
      references(client, parsed.symbol),
    ])
    if (depth.kind !== 'ladder') {
      const { line, code } = noLadder(depth, timeoutMs)
      writeLine(io.stderr, `tokenwatch depth: ${line}`)
      return code
    }
    const outcome =
      parsed.amount === null
        ? null
        : walkLadder(depth.ladder, {
            side: parsed.side,
            amount: parsed.amount,
            displayPrice: refs.display,
            fairValue: refs.fair,
          })
    if (parsed.json) writeJson(io, jsonOf(depth.ladder, outcome))
    else printText(io, depth.ladder, outcome, refs.display)
    return EXIT.ok
  })
}
