import { DEFAULT_BASE_URL, MAX_WATCHLIST, checkBaseUrl } from '../../shared/settings'
import { normalizeSymbolInput } from '../../shared/symbols'
import { ApiClient } from '../core/api-client'
import { ApiConfigError } from '../core/api-errors'
import { type SnapshotReport, fetchSnapshotReport } from '../core/fetch-snapshot'
import { KeyVault } from '../core/key-vault'
import { KeytarSecretStore } from '../core/secret-store'
import { type CliIo, EXIT, UsageError, parseFlags, writeLine } from './io'
import { formatSnapshotTable } from './snapshot-table'

/** `tokenwatch snapshot`: one fetch of prices, market data and limits, printed as a table or JSON. */

export const SNAPSHOT_USAGE = `Usage: tokenwatch snapshot --symbols AAPLon,TSLAon [--base-url URL] [--json]

  --symbols LIST    comma-separated token symbols; "aapl" is read as AAPLon
  --base-url URL    the market-data service (default ${DEFAULT_BASE_URL})
  --json            print the snapshot as JSON instead of a table

The API key comes from the TOKENWATCH_API_KEY environment variable, else from the key stored
for the base URL with \`tokenwatch key set\`.

Exit codes: 0 data fetched (some symbols may have failed; they are listed), 2 bad usage or input,
3 no API key or the key was rejected, 4 the service could not be used (network, server, timeout,
rate limit).
`

export const API_KEY_ENV = 'TOKENWATCH_API_KEY'

export interface SnapshotCommandDeps {
  /** The key stored for a base URL, used when TOKENWATCH_API_KEY is unset. Default: the OS keychain. */
  readStoredKey?: (baseUrl: string) => Promise<string | null>
  now?: () => number
  timeoutMs?: number
}

interface SnapshotArgs {
  baseUrl: string
  symbols: string[]
  json: boolean
}

function parseSnapshotArgs(argv: string[]): SnapshotArgs | 'help' {
  const values = parseFlags(argv, {
    'base-url': { type: 'string' },
    symbols: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  })
  if (values.help) return 'help'
  const base = checkBaseUrl(values['base-url'] ?? DEFAULT_BASE_URL)
  if (!base.ok) throw new UsageError(`--base-url: ${base.reason}.`)
  if (values.symbols === undefined)
    throw new UsageError('--symbols is required, for example --symbols AAPLon,TSLAon.')
  return { baseUrl: base.url, symbols: parseSymbolList(values.symbols), json: values.json ?? false }
}

function parseSymbolList(list: string): string[] {
  const symbols = new Set<string>()
  for (const entry of list.split(',')) {
    if (entry.trim() === '') continue
    const checked = normalizeSymbolInput(entry)
    if (!checked.ok)
      throw new UsageError(
        `--symbols: "${entry.trim().slice(0, 40)}" is not a token symbol: ${checked.reason}.`,
      )
    symbols.add(checked.symbol)
  }
  if (symbols.size === 0) throw new UsageError('--symbols is empty; give at least one, for example AAPLon.')
  if (symbols.size > MAX_WATCHLIST)
    throw new UsageError(`--symbols: at most ${MAX_WATCHLIST} symbols at once.`)
  return [...symbols]
}

async function readKeychainKey(baseUrl: string): Promise<string | null> {
  const vault = new KeyVault(new KeytarSecretStore())
  await vault.init()
  return vault.get(baseUrl)
}

/** Codes that say the symbols asked for are the problem, not the service. */
const INPUT_ERROR_CODES = new Set(['ASSET_NOT_FOUND', 'INVALID_SYMBOL', 'not-found', 'invalid-request'])

/** 0 as soon as one asset came back (the failures are in `errors`); else why nothing did. */
export function exitCodeFor(report: SnapshotReport): number {
  if (report.snapshot.assets.length > 0) return EXIT.ok
  if (report.endpointFailures.some((kind) => kind === 'key-missing' || kind === 'key-rejected'))
    return EXIT.key
  if (report.endpointFailures.length > 0) return EXIT.service
  return report.snapshot.errors.every((error) => INPUT_ERROR_CODES.has(error.code))
    ? EXIT.usage
    : EXIT.service
}

export async function runSnapshotCommand(
  argv: string[],
  io: CliIo,
  deps: SnapshotCommandDeps = {},
): Promise<number> {
  let args: SnapshotArgs | 'help'
  try {
    args = parseSnapshotArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    writeLine(io.stderr, `tokenwatch snapshot: ${error.message} (see tokenwatch snapshot --help)`)
    return EXIT.usage
  }
  if (args === 'help') {
    io.stdout.write(SNAPSHOT_USAGE)
    return EXIT.ok
  }

  const apiKey = io.env[API_KEY_ENV] || (await (deps.readStoredKey ?? readKeychainKey)(args.baseUrl))
  if (!apiKey) {
    writeLine(
      io.stderr,
      `tokenwatch snapshot: no API key for ${args.baseUrl}: set ${API_KEY_ENV} or store one with \`tokenwatch key set\`.`,
    )
    return EXIT.key
  }
  let client: ApiClient
  try {
    client = new ApiClient({ baseUrl: args.baseUrl, apiKey, timeoutMs: deps.timeoutMs })
  } catch (error) {
    // The base URL was checked already: what is left to refuse is the key itself.
    if (!(error instanceof ApiConfigError)) throw error
    writeLine(io.stderr, `tokenwatch snapshot: ${error.message}`)
    return EXIT.key
  }

  let report: SnapshotReport
  try {
    report = await fetchSnapshotReport(
      client,
      args.symbols,
      { baseUrl: args.baseUrl, demo: false },
      deps.now ?? Date.now,
    )
  } finally {
    await client.close()
  }
  const { snapshot } = report
  const code = exitCodeFor(report)
  if (args.json) io.stdout.write(`${JSON.stringify(snapshot, null, 2)}\n`)
  else if (snapshot.assets.length > 0) io.stdout.write(formatSnapshotTable(snapshot))

  const [first, ...others] = snapshot.errors
  if (code !== EXIT.ok && first) {
    const more = others.length > 0 ? ` (and ${others.length} more; --json lists them)` : ''
    writeLine(io.stderr, `tokenwatch snapshot: ${first.scope}: ${first.message}${more}`)
  } else if (!args.json) {
    for (const error of snapshot.errors) writeLine(io.stderr, `warning: ${error.scope}: ${error.message}`)
  }
  return code
}
