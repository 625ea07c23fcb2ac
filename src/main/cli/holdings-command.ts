import { Dec, toFixedString } from '../../shared/decimal'
import type { AssetQuote } from '../../shared/domain'
import {
  COST_METHODS,
  type CostMethod,
  type HoldingsReport,
  type LedgerPosition,
  QUANTITY_SOURCE_WORDS,
} from '../../shared/holdings'
import type { ApiClient } from '../core/api/api-client'
import { fetchSnapshotReport } from '../core/api/fetch-snapshot'
import { HoldingsFile } from '../core/holdings/holdings-file'
import { replayLedger } from '../core/holdings/ledger-replay'
import { type SourcedPositions, sourcePositions } from '../core/holdings/quantity-source'
import { holdingsReport } from '../core/holdings/valuation'
import { balancesView } from '../core/wallets/commands'
import { positionQuantities } from '../core/wallets/position-quantities'
import { TokenListingCache } from '../core/wallets/service-balances'
import { readWalletBalances } from '../core/wallets/wallet-balances'
import { WalletsFile } from '../core/wallets/wallets-file'
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

  --json            print {method, quantitySource, quantityFallback, asOf, positions, totals} with
                    every amount as a decimal string
  --method M        average or fifo (default: the app's setting, else average)
  --base-url URL    ${BASE_URL_HELP}

Reads the ledger in holdings.json ($${USER_DATA_ENV} if set). The quantities come from where the
app's setting says (ledger, wallets, or wallets with the ledger's cost basis; "quantitySource"):
the wallets are read now, and where they cannot be (none watched, not published, a wallet not
answering) the ledger's quantities are used and that is said ("quantityFallback"). A figure that
needs a price the service did not give is null (blank in the table), as is the cost and P&L of
tokens with no cost basis; figures from a stale quote are marked stale. Positions sold to zero
stay listed: their realized P&L counts.

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
    [
      p.stale ? 'stale' : p.price === null && p.quantity !== '0' ? 'no price' : '',
      p.uncosted === null
        ? ''
        : p.uncosted === p.quantity
          ? 'no cost basis'
          : `${p.uncosted} without cost basis`,
    ]
      .filter((note) => note !== '')
      .join(', '),
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
  const fallback = report.quantityFallback === null ? '' : ` (${report.quantityFallback})`
  return (
    `${lines.join('\n')}\n\nIn US dollars, ${report.method === 'fifo' ? 'FIFO lots' : 'average cost'}` +
    `, as of ${report.asOf}. Quantities: ${QUANTITY_SOURCE_WORDS[report.quantitySource]}${fallback}.\n`
  )
}

/** The latest quotes of `held` into `quotes`; answers the exit code their fetch earned. */
async function fetchQuotes(
  client: ApiClient,
  held: string[],
  baseUrl: string,
  quotes: Map<string, AssetQuote>,
  now: () => number,
  io: CliIo,
): Promise<number> {
  const report = await fetchSnapshotReport(client, held, { baseUrl, demo: false }, now)
  for (const asset of report.snapshot.assets) quotes.set(asset.symbol, asset)
  for (const error of report.snapshot.errors)
    writeLine(io.stderr, `warning: ${error.scope}: ${error.message}`)
  if (report.endpointFailures.some((kind) => kind === 'key-missing' || kind === 'key-rejected'))
    return EXIT.key
  return report.endpointFailures.length > 0 ? EXIT.service : EXIT.ok
}

/** The positions from the wallets as read now (the app's setting chose them), each problem a note. */
async function fromWallets(
  client: ApiClient,
  wallets: WalletsFile,
  ledger: readonly LedgerPosition[],
  chosen: Exclude<HoldingsReport['quantitySource'], 'ledger'>,
  now: () => number,
  io: CliIo,
): Promise<SourcedPositions> {
  const content = wallets.content()
  const report = await readWalletBalances({ client, content, listingCache: new TokenListingCache(now), now })
  for (const note of report.notes) writeLine(io.stderr, `note: ${note}`)
  const ledgerQuantities = new Map(ledger.map((position) => [position.symbol, position.quantity]))
  return sourcePositions(ledger, chosen, positionQuantities(balancesView(report, ledgerQuantities), content))
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
  // The app's choices; its settings file is only read (an unusable one leaves the defaults).
  const settings = await new SettingsFile(userDataDir).load()
  const method = args.method ?? settings.costMethod
  const file = new HoldingsFile(userDataDir, now)
  const replay = replayLedger(await file.load(), method)
  const problem = file.problem()
  if (problem || !replay.ok) {
    writeLine(io.stderr, `tokenwatch holdings: ${problem ?? (replay.ok ? '' : replay.oversold.message)}`)
    return EXIT.failed
  }
  const chosen = settings.quantitySource
  const wallets = new WalletsFile(userDataDir, now)
  const walletsNeeded = chosen !== 'ledger' && (await wallets.load()).wallets.length > 0
  let sourced = sourcePositions(replay.positions, chosen, positionQuantities(null, wallets.content()))
  const ledgerHeld = replay.positions.some((position) => position.quantity !== '0')

  let code: number = EXIT.ok
  const quotes = new Map<string, AssetQuote>()
  if (ledgerHeld || walletsNeeded) {
    const baseUrl = await serviceBaseUrl(args.baseUrl, 'holdings', io)
    const client = await openClient('holdings', io, baseUrl, deps)
    if (typeof client === 'number') return client
    try {
      if (walletsNeeded) sourced = await fromWallets(client, wallets, replay.positions, chosen, now, io)
      const held = sourced.positions
        .filter((position) => position.quantity !== '0')
        .map((position) => position.symbol)
      if (held.length > 0) code = await fetchQuotes(client, held, baseUrl, quotes, now, io)
    } finally {
      await client.close()
    }
  }
  const report = holdingsReport(sourced, quotes, method, now())
  if (report.quantityFallback) writeLine(io.stderr, `note: ${report.quantityFallback}.`)
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
