import { Dec, toFixedString } from '../../shared/decimal'
import type { AssetQuote } from '../../shared/domain'
import { COST_METHODS, type CostMethod, type HoldingsReport } from '../../shared/holdings'
import { fetchSnapshotReport } from '../core/api/fetch-snapshot'
import { HoldingsFile } from '../core/holdings/holdings-file'
import { replayLedger } from '../core/holdings/ledger-replay'
import { holdingsReport } from '../core/holdings/valuation'
import { defaultUserDataDir, USER_DATA_ENV } from '../core/storage/paths'
import { SettingsFile } from '../core/storage/settings-file'
import { type CliIo, EXIT, UsageError, parseFlags, writeLine } from './io'
import { type StoredKeyReader, BASE_URL_HELP, parseBaseUrlFlag, serviceBaseUrl } from './service-args'
import { openClient } from './service-client'

/**
 * `tokenwatch holdings`: the ledger's positions valued at the service's latest prices and market
 * data, fetched for the symbols held as `snapshot` fetches them, as a table or JSON.
 */

export const HOLDINGS_USAGE = `Usage: tokenwatch holdings [--json] [--method average|fifo] [--base-url URL]

  --json            print {method, asOf, positions, totals} with every amount as a decimal string
  --method M        average or fifo (default: the app's setting, else average)
  --base-url URL    ${BASE_URL_HELP}

Reads the ledger in holdings.json ($${USER_DATA_ENV} if set). A figure that needs a price the
service did not give is null (blank in the table); figures from a stale quote are marked stale.
Positions sold to zero stay listed: their realized P&L counts.

Exit codes: 0 printed, 1 the ledger file could not be used, 2 bad usage, 3 no API key or the key
was rejected, 4 the service could not be used (the positions are printed without prices).
`

export interface HoldingsCommandDeps {
  readStoredKey?: StoredKeyReader
  now?: () => number
  timeoutMs?: number
}

interface HoldingsArgs {
  json: boolean
  /** Unset: the method chosen in the app's settings. */
  method: CostMethod | undefined
  baseUrl: string | null
}

function parseHoldingsArgs(argv: string[]): HoldingsArgs | 'help' {
  const values = parseFlags(argv, {
    json: { type: 'boolean' },
    method: { type: 'string' },
    'base-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  })
  if (values.help) return 'help'
  const method = values.method
  if (method !== undefined && !(COST_METHODS as readonly string[]).includes(method))
    throw new UsageError(`--method must be average or fifo, not "${method.slice(0, 20)}".`)
  return {
    json: values.json ?? false,
    method: method as CostMethod | undefined,
    baseUrl: parseBaseUrlFlag(values['base-url']),
  }
}

/** Dollars to the cent for the table (the JSON keeps every digit); blank when unknown. */
function cents(value: string | null): string {
  return value === null ? '' : toFixedString(new Dec(value), 2)
}

export function formatHoldingsTable(report: HoldingsReport): string {
  const header = [
    'SYMBOL',
    'QUANTITY',
    'COST',
    'VALUE',
    'UNREALIZED',
    'P&L %',
    'REALIZED',
    '24H',
    'PREMIUM EXP.',
    '',
  ]
  const rows = report.positions.map((p) => [
    p.symbol,
    p.quantity,
    cents(p.cost),
    cents(p.value),
    cents(p.unrealized),
    p.unrealizedPct === null ? '' : `${toFixedString(new Dec(p.unrealizedPct), 2)}%`,
    cents(p.realized),
    cents(p.dayChange),
    cents(p.premiumExposure),
    p.stale ? 'stale' : p.price === null && p.quantity !== '0' ? 'no price' : '',
  ])
  const { totals } = report
  const total = [
    'TOTAL',
    '',
    cents(totals.cost),
    cents(totals.value),
    cents(totals.unrealized),
    '',
    cents(totals.realized),
    cents(totals.dayChange),
    cents(totals.premiumExposure),
    '',
  ]
  const table = [header, ...rows, total]
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] as string).length)))
  const lines = table.map((row) =>
    row
      .map((cell, column) =>
        column === 0 || column === row.length - 1
          ? cell.padEnd(widths[column] as number)
          : cell.padStart(widths[column] as number),
      )
      .join('  ')
      .trimEnd(),
  )
  return (
    `${lines.join('\n')}\n\nIn US dollars, ${report.method === 'fifo' ? 'FIFO lots' : 'average cost'}` +
    `, as of ${report.asOf}.\n`
  )
}

export async function runHoldingsCommand(
  argv: string[],
  io: CliIo,
  deps: HoldingsCommandDeps = {},
): Promise<number> {
  let args: HoldingsArgs | 'help'
  try {
    args = parseHoldingsArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    writeLine(io.stderr, `tokenwatch holdings: ${error.message} (see tokenwatch holdings --help)`)
    return EXIT.usage
  }
  if (args === 'help') {
    io.stdout.write(HOLDINGS_USAGE)
    return EXIT.ok
  }
  const now = deps.now ?? Date.now
  const userDataDir = defaultUserDataDir(io.env)
  // The app's choice; its settings file is only read (an unusable one leaves the default).
  const method = args.method ?? (await new SettingsFile(userDataDir).load()).costMethod
  const file = new HoldingsFile(userDataDir, now)
  const replay = replayLedger(await file.load(), method)
  const problem = file.problem()
  if (problem || !replay.ok) {
    writeLine(io.stderr, `tokenwatch holdings: ${problem ?? (replay.ok ? '' : replay.oversold.message)}`)
    return EXIT.failed
  }
  const held = replay.positions
    .filter((position) => position.quantity !== '0')
    .map((position) => position.symbol)

  let code: number = EXIT.ok
  const quotes = new Map<string, AssetQuote>()
  if (held.length > 0) {
    const baseUrl = await serviceBaseUrl(args.baseUrl, 'holdings', io)
    const client = await openClient('holdings', io, baseUrl, deps)
    if (typeof client === 'number') return client
    try {
      const report = await fetchSnapshotReport(client, held, { baseUrl, demo: false }, now)
      for (const asset of report.snapshot.assets) quotes.set(asset.symbol, asset)
      for (const error of report.snapshot.errors)
        writeLine(io.stderr, `warning: ${error.scope}: ${error.message}`)
      if (report.endpointFailures.some((kind) => kind === 'key-missing' || kind === 'key-rejected'))
        code = EXIT.key
      else if (report.endpointFailures.length > 0) code = EXIT.service
    } finally {
      await client.close()
    }
  }
  const report = holdingsReport(replay.positions, quotes, method, now())
  for (const position of report.positions)
    if (position.price === null && position.quantity !== '0')
      writeLine(
        io.stderr,
        `note: ${position.symbol}: no price from the service (it may ` +
          `no longer list it); its cost is shown, its value is not.`,
      )
  io.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatHoldingsTable(report))
  return code
}
