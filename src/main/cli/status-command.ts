import { easternTimeText } from '../core/market-calendar-reading'
import type { AssetPauseReading, MarketReading } from '../../shared/service-status'
import { pauseReading } from '../core/api/wire/status-readings'
import { calendarOnlyReading, crossCheckMarket } from '../core/service-status/market-cross-check'
import type { ApiClient } from '../core/api/api-client'
import type { RejectedRecord } from '../core/api/wire/wire-parse'
import { type CliIo, EXIT, parseFlags, writeLine } from './io'
import {
  ONE_QUESTION_FLAGS,
  type ServiceCommand,
  type ServiceCommandDeps,
  runServiceCommand,
  writeJson,
} from './service-client'
import { BASE_URL_HELP, parseBaseUrlFlag } from './service-args'

/**
 * `tokenwatch status`: the market's state as the service says it (`/v1/status/market`), checked
 * against our calendar, and every asset pause it lists (`/v1/status/assets`). A service without
 * these endpoints gets the calendar's reading, marked as such, and `pauses: null` (not known,
 * which is not the same as none).
 */

export const STATUS_USAGE = `Usage: tokenwatch status [--base-url URL] [--json]

  --base-url URL    ${BASE_URL_HELP}
  --json            print {"market": {...}, "pauses": [...]} (times Unix ms or null)

Where the service publishes no market status, the market is read from our session calendar
("source": "calendar"); where it publishes no asset pauses, "pauses" is null. A disagreement
between the service and the calendar is said on stderr; the service's state is the one printed.

Exit codes: 0 answered, 2 bad usage, 3 no API key or the key was rejected, 4 the service could
not be used (network, server, timeout, rate limit).
`

export interface StatusReport {
  market: MarketReading
  pauses: AssetPauseReading[] | null
}

interface StatusArgs {
  baseUrl: string | null
  json: boolean
}

function statusText(report: StatusReport): string {
  const { market } = report
  const source =
    market.source === 'service' ? 'the service says' : 'our calendar says (the service does not publish it)'
  const lines = [`Market: ${market.marketStatus}${market.isOpen ? ', open' : ', not open'} (${source})`]
  if (market.offhoursOpen) lines.push('Off-hours: open')
  if (market.reason) lines.push(`Reason: ${market.reason}`)
  if (market.nextClose !== null) lines.push(`Closes: ${easternTimeText(market.nextClose)}`)
  if (market.nextOpen !== null)
    lines.push(
      `Next open: ${easternTimeText(market.nextOpen)}${market.nextOpenSession ? ` (${market.nextOpenSession})` : ''}`,
    )
  if (report.pauses === null) lines.push('Asset pauses: the service does not publish them')
  else if (report.pauses.length === 0) lines.push('Asset pauses: none')
  else {
    lines.push('Asset pauses:')
    for (const pause of report.pauses) {
      const window =
        `${pause.start === null ? '?' : easternTimeText(pause.start)}` +
        ` to ${pause.end === null ? '?' : easternTimeText(pause.end)}`
      const multiplier = pause.updateSharesMultiplier ? ', the multiplier will change' : ''
      lines.push(
        `  ${pause.symbol}  ${pause.status} ${pause.code ?? ''} ${pause.reason ?? ''}` +
          `  ${window}${multiplier}`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

/** How many symbols a warning names before it says "and N more". */
const NAMED_SYMBOLS = 3

/**
 * The pauses left out, one warning per reason: a service sending thousands of bad pauses gets a
 * line saying how many, not thousands of lines.
 */
function leftOutLines(rejected: readonly RejectedRecord[]): string[] {
  const byReason = new Map<string, RejectedRecord[]>()
  for (const record of rejected) {
    const same = byReason.get(record.reason)
    if (same) same.push(record)
    else byReason.set(record.reason, [record])
  }
  return [...byReason].map(([reason, records]) => {
    const names = records.map((record) => record.symbol ?? 'an unnamed asset')
    if (names.length === 1) return `warning: a pause of ${names[0]} was left out: ${reason}`
    const more = names.length - NAMED_SYMBOLS
    const named = more > 0 ? `${names.slice(0, NAMED_SYMBOLS).join(', ')} and ${more} more` : names.join(', ')
    return `warning: ${names.length} pauses were left out (${named}): ${reason}`
  })
}

const statusCommand: ServiceCommand<StatusArgs> = {
  name: 'status',
  usage: STATUS_USAGE,
  parse(argv) {
    const values = parseFlags(argv, ONE_QUESTION_FLAGS)
    if (values.help) return 'help'
    return { baseUrl: parseBaseUrlFlag(values['base-url']), json: values.json ?? false }
  },
  async run(client: ApiClient, args: StatusArgs, io: CliIo, now: () => number) {
    const status = await client.marketStatus()
    const pauses = await client.assetPauses()
    const checked = status.available ? crossCheckMarket(status.value) : null
    if (checked?.disagreement) writeLine(io.stderr, `note: ${checked.disagreement}`)
    if (pauses.available) for (const line of leftOutLines(pauses.value.rejected)) writeLine(io.stderr, line)
    const report: StatusReport = {
      market: checked?.reading ?? calendarOnlyReading(now()),
      pauses: pauses.available ? pauses.value.records.map(pauseReading) : null,
    }
    if (args.json) writeJson(io, report)
    else io.stdout.write(statusText(report))
    return EXIT.ok
  },
}

export function runStatusCommand(argv: string[], io: CliIo, deps?: ServiceCommandDeps): Promise<number> {
  return runServiceCommand(statusCommand, argv, io, deps)
}
