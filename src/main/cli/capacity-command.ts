import type { CapacityReading } from '../../shared/service-status'
import { normalizeSymbolInput } from '../../shared/symbols'
import { TRADE_SIDES, type TradeSide } from '../../shared/holdings'
import type { ApiClient } from '../core/api/api-client'
import { type CliIo, EXIT, UsageError, parseFlags, writeLine } from './io'
import {
  ONE_QUESTION_FLAGS,
  type ServiceCommand,
  type ServiceCommandDeps,
  runServiceCommand,
  writeJson,
} from './service-client'
import { BASE_URL_HELP, parseBaseUrlFlag } from './service-args'

/**
 * `tokenwatch capacity --symbol S`: how much the key's owner can buy and sell now
 * (`/v1/limits/trading`, never cached). A closed market is an answer (`tradingOpen: false`, exit
 * 0), whether the service says it with a 200 or a 403 MARKET_CLOSED; a service without the
 * endpoint is one too (`available: false`, exit 0).
 */

export const CAPACITY_USAGE = `Usage: tokenwatch capacity --symbol S [--side buy|sell] [--base-url URL] [--json]

  --symbol S        the token; "aapl" is read as AAPLon
  --side buy|sell   one side only (default both)
  --base-url URL    ${BASE_URL_HELP}
  --json            print a JSON array, one object per side:
                    {symbol, side, available, tradingOpen, maxTokens, maxNotionalValue,
                     remainingAttestations, reasonCode, reason}

Exit codes: 0 answered (a closed market and a service without the endpoint included), 2 bad usage
or an unknown symbol, 3 no API key or the key was rejected, 4 the service could not be used.
`

interface CapacityArgs {
  baseUrl: string | null
  symbol: string
  sides: readonly TradeSide[]
  json: boolean
}

/** Reads --symbol the way the app's search does (a ticker is taken as its token). */
export function parseSymbolFlag(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--symbol is required, for example --symbol AAPLon.')
  const checked = normalizeSymbolInput(value)
  if (!checked.ok)
    throw new UsageError(`--symbol: "${value.slice(0, 40)}" is not a token symbol: ${checked.reason}.`)
  return checked.symbol
}

function capacityLine(reading: CapacityReading): string {
  const side = reading.side === 'buy' ? 'Buy' : 'Sell'
  if (!reading.available) return `${side}: the service does not publish trading capacity`
  if (!reading.tradingOpen)
    return `${side}: not now (${[reading.reasonCode, reading.reason].filter(Boolean).join(': ')})`
  const limited = reading.reasonCode ? ` (${reading.reasonCode}: ${reading.reason ?? ''})` : ''
  return (
    `${side} now: up to ${reading.maxTokens} tokens or $${reading.maxNotionalValue}` +
    `, ${reading.remainingAttestations} requests left${limited}`
  )
}

const capacityCommand: ServiceCommand<CapacityArgs> = {
  name: 'capacity',
  usage: CAPACITY_USAGE,
  parse(argv) {
    const values = parseFlags(argv, {
      ...ONE_QUESTION_FLAGS,
      symbol: { type: 'string' },
      side: { type: 'string' },
    })
    if (values.help) return 'help'
    const side = values.side
    if (side !== undefined && !(TRADE_SIDES as readonly string[]).includes(side))
      throw new UsageError(`--side must be buy or sell, not "${side.slice(0, 20)}".`)
    return {
      baseUrl: parseBaseUrlFlag(values['base-url']),
      symbol: parseSymbolFlag(values.symbol),
      sides: side === undefined ? TRADE_SIDES : [side as TradeSide],
      json: values.json ?? false,
    }
  },
  async run(client: ApiClient, args: CapacityArgs, io: CliIo) {
    const readings: CapacityReading[] = []
    for (const side of args.sides) readings.push(await client.tradingCapacity(args.symbol, side))
    if (readings.some((reading) => !reading.available))
      writeLine(
        io.stderr,
        `note: ${client.origin} does not publish trading capacity (/v1/limits/trading ` + `answered 404).`,
      )
    if (args.json) writeJson(io, readings)
    else io.stdout.write(`${args.symbol}\n${readings.map(capacityLine).join('\n')}\n`)
    return EXIT.ok
  },
}

export function runCapacityCommand(argv: string[], io: CliIo, deps?: ServiceCommandDeps): Promise<number> {
  return runServiceCommand(capacityCommand, argv, io, deps)
}
