import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Snapshot } from '../../shared/domain'
import type { Transaction, ValuedPosition } from '../../shared/holdings'
import type { ExportFormat } from '../../shared/export-format'
import { exportWatchlist } from '../core/lists/watchlist-export'
import { WalletsFile } from '../core/wallets/wallets-file'
import { checkBaseUrl, type Settings } from '../../shared/settings'
import { defaultUserDataDir, USER_DATA_ENV } from '../core/storage/paths'
import { activeList, listNamed } from '../../shared/watchlists'
import { HoldingsFile } from '../core/holdings/holdings-file'
import { inTimeOrder, replayLedger } from '../core/holdings/ledger-replay'
import { valuePosition } from '../core/holdings/valuation'
import { SettingsFile } from '../core/storage/settings-file'
import { SnapshotCache } from '../core/storage/snapshot-cache'
import { type CliIo, EXIT, UsageError } from './io'
import { symbolsOfList } from './service-args'

/**
 * `tokenwatch export`: the saved watchlist with the last quotes the app cached, as CSV or JSON on
 * standard output. Reads files only; no network, no key.
 */

export const EXPORT_USAGE = `\
Usage: tokenwatch export --format csv|json [--list NAME] [--with-wallets] [--base-url URL]
                        [--user-data DIR]

  --format csv|json   CSV with a header row and the holding columns, or JSON {version,
                      exportedAt, watchlist, lists, assets, transactions} (the ledger)
  --list NAME         the saved watchlist NAME (default: the one the app shows)
  --with-wallets      JSON only: add the watched wallets (addresses are personal data: left out
                      unless asked for)
  --base-url URL      use the cached quotes only if they came from this service
  --user-data DIR     the app's data folder (default: the app's own, or $${USER_DATA_ENV})

Prints the watchlist in its order, each symbol with the quotes the app last saw (decimals exactly
as the service sent them); symbols without cached quotes have empty fields.

Exit codes: 0 exported, 1 the settings file could not be used, 2 bad usage.
`

export interface ExportCommandDeps {
  now?: () => number
}

interface ExportArgs {
  format: ExportFormat
  baseUrl: string | null
  userDataDir: string
  list: string | null
  withWallets: boolean
}

function parseExportArgs(argv: string[], env: NodeJS.ProcessEnv): ExportArgs | 'help' {
  let values: {
    format?: string
    'base-url'?: string
    'user-data'?: string
    list?: string
    'with-wallets'?: boolean
    help?: boolean
  }
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        format: { type: 'string' },
        'base-url': { type: 'string' },
        'user-data': { type: 'string' },
        list: { type: 'string' },
        'with-wallets': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (values.help) return 'help'
  if (values.format !== 'csv' && values.format !== 'json')
    throw new UsageError(
      values.format === undefined
        ? '--format is required: csv or json.'
        : `--format must be csv or json, not "${values.format.slice(0, 20)}".`,
    )
  if (values['with-wallets'] && values.format !== 'json')
    throw new UsageError('--with-wallets goes with --format json (a CSV is one list of quotes).')
  let baseUrl: string | null = null
  if (values['base-url'] !== undefined) {
    const checked = checkBaseUrl(values['base-url'])
    if (!checked.ok) throw new UsageError(`--base-url: ${checked.reason}.`)
    baseUrl = checked.url
  }
  const userData = values['user-data']
  if (userData === '') throw new UsageError('--user-data needs a folder.')
  return {
    format: values.format,
    baseUrl,
    userDataDir: userData === undefined ? defaultUserDataDir(env) : path.resolve(userData),
    list: values.list ?? null,
    withWallets: values['with-wallets'] === true,
  }
}

function line(stream: NodeJS.WritableStream, text: string): void {
  stream.write(`${text}\n`)
}

/** The cached snapshot if it may be used, with a note on stderr when it may not or is missing. */
async function cachedQuotes(args: ExportArgs, io: Pick<CliIo, 'stderr'>): Promise<Snapshot | null> {
  const cache = new SnapshotCache(args.userDataDir, {
    onProblem: (problem) => line(io.stderr, `warning: ${problem.message}`),
  })
  const snapshot = await cache.load()
  if (!snapshot) {
    line(io.stderr, 'note: no cached quotes yet (start the app once); exporting the watchlist only.')
    return null
  }
  if (args.baseUrl !== null && snapshot.source.baseUrl !== args.baseUrl) {
    const from = snapshot.source.demo ? 'the demo market' : snapshot.source.baseUrl
    line(
      io.stderr,
      `note: the cached quotes came from ${from}, not ${args.baseUrl}; exporting the watchlist only.`,
    )
    return null
  }
  if (snapshot.source.demo) line(io.stderr, 'note: the cached quotes are from the demo market (simulated).')
  return snapshot
}

/**
 * The ledger's positions valued at the cached quotes, for the CSV's holding columns, as the
 * window's export fills them; none (the columns left empty, said on stderr) when the ledger
 * cannot be read or does not add up.
 */
async function cachedPositions(
  args: ExportArgs,
  snapshot: Snapshot | null,
  method: Settings['costMethod'],
  io: Pick<CliIo, 'stderr'>,
  now: () => number,
): Promise<ValuedPosition[]> {
  const file = new HoldingsFile(args.userDataDir, now)
  const replay = replayLedger(await file.load(), method)
  const problem = file.problem() ?? (replay.ok ? null : replay.oversold.message)
  if (problem !== null || !replay.ok) {
    line(io.stderr, `note: the holding columns are left empty: ${problem}`)
    return []
  }
  const quotes = new Map((snapshot?.assets ?? []).map((asset) => [asset.symbol, asset]))
  return replay.positions.map((position) => valuePosition(position, quotes.get(position.symbol)))
}

/** The ledger in time order for the JSON export; an unusable ledger file is said and left out. */
async function ledger(
  args: ExportArgs,
  io: Pick<CliIo, 'stderr'>,
  now: () => number,
): Promise<Transaction[] | undefined> {
  const file = new HoldingsFile(args.userDataDir, now)
  const transactions = await file.load()
  const problem = file.problem()
  if (problem === null) return inTimeOrder(transactions)
  line(io.stderr, `note: the ledger is left out: ${problem}`)
  return undefined
}

export async function runExportCommand(
  argv: string[],
  io: Pick<CliIo, 'stdout' | 'stderr' | 'env'>,
  deps: ExportCommandDeps = {},
): Promise<number> {
  let args: ExportArgs | 'help'
  try {
    args = parseExportArgs(argv, io.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    line(io.stderr, `tokenwatch export: ${error.message} (see tokenwatch export --help)`)
    return EXIT.usage
  }
  if (args === 'help') {
    io.stdout.write(EXPORT_USAGE)
    return EXIT.ok
  }

  const settings = new SettingsFile(args.userDataDir)
  const saved = await settings.load()
  const problem = settings.problem()
  // Exporting the default watchlist in place of the person's own would mislead.
  if (problem) {
    line(io.stderr, `tokenwatch export: ${problem}`)
    return EXIT.failed
  }
  let watchlist: string[]
  try {
    watchlist = args.list === null ? activeList(saved).symbols : symbolsOfList(saved, args.list)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    line(io.stderr, `tokenwatch export: ${error.message}`)
    return EXIT.usage
  }
  const snapshot = await cachedQuotes(args, io)
  // Asked for one list by name: that one, in JSON's lists too; else the shown list, with every list.
  const lists =
    args.list === null
      ? saved.lists
      : [{ name: listNamed(saved, args.list)?.name ?? args.list, symbols: watchlist }]
  const now = deps.now ?? Date.now
  // As the window's export: the CSV adds the holding columns, the JSON carries the ledger.
  const holdings =
    args.format === 'csv'
      ? { positions: await cachedPositions(args, snapshot, saved.costMethod, io, now) }
      : { transactions: await ledger(args, io, now) }
  const wallets = args.withWallets
    ? { wallets: (await new WalletsFile(args.userDataDir, now).load()).wallets }
    : {}
  io.stdout.write(
    exportWatchlist(watchlist, snapshot, args.format, { now: now(), lists, ...holdings, ...wallets }),
  )
  return EXIT.ok
}
