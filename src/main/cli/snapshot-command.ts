import { type SnapshotReport, fetchSnapshotReport } from '../core/api/fetch-snapshot'
import { type CliIo, EXIT, UsageError, parseFlags, writeLine } from './io'
import {
  SERVICE_FLAGS,
  type StoredKeyReader,
  BASE_URL_HELP,
  parseBaseUrlFlag,
  serviceBaseUrl,
  symbolsToWatch,
} from './service-args'
import { openClient } from './service-client'
import { formatSnapshotTable } from './snapshot-table'
import { symbolsOrExit } from './symbol-reading'
import { USER_DATA_ENV } from '../core/storage/paths'

/** `tokenwatch snapshot`: one fetch of prices, market data and limits, printed as a table or JSON. */

export const SNAPSHOT_USAGE = `Usage: tokenwatch snapshot (--symbols AAPLon,TSLAon | --list NAME) [--base-url URL] [--json]

  --symbols LIST    comma-separated token symbols; "aapl" is read as AAPLon, and by the service's
                    listing "brk-b" as BRK.Bon and "coca cola" as KOon (the reading on stderr)
  --list NAME       the symbols of the app's saved watchlist NAME (in $${USER_DATA_ENV} if set)
  --base-url URL    ${BASE_URL_HELP}
  --json            print the snapshot as JSON instead of a table

The API key comes from the TOKENWATCH_API_KEY environment variable, else from the key stored
for the base URL with \`tokenwatch key set\`.

Exit codes: 0 data fetched (some symbols may have failed; they are listed), 2 bad usage or input,
3 no API key or the key was rejected, 4 the service could not be used (network, server, timeout,
rate limit).
`

export interface SnapshotCommandDeps {
  /** The key stored for a base URL, used when TOKENWATCH_API_KEY is unset. Default: the OS keychain. */
  readStoredKey?: StoredKeyReader
  now?: () => number
  timeoutMs?: number
}

interface SnapshotArgs {
  baseUrl: string | null
  symbols: string[]
  json: boolean
}

async function parseSnapshotArgs(argv: string[], env: NodeJS.ProcessEnv): Promise<SnapshotArgs | 'help'> {
  const values = parseFlags(argv, {
    ...SERVICE_FLAGS,
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  })
  if (values.help) return 'help'
  return {
    baseUrl: parseBaseUrlFlag(values['base-url']),
    symbols: await symbolsToWatch(values, env),
    json: values.json ?? false,
  }
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
    args = await parseSnapshotArgs(argv, io.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    writeLine(io.stderr, `tokenwatch snapshot: ${error.message} (see tokenwatch snapshot --help)`)
    return EXIT.usage
  }
  if (args === 'help') {
    io.stdout.write(SNAPSHOT_USAGE)
    return EXIT.ok
  }

  const baseUrl = await serviceBaseUrl(args.baseUrl, 'snapshot', io)
  const client = await openClient('snapshot', io, baseUrl, deps)
  if (typeof client === 'number') return client

  let report: SnapshotReport
  try {
    const symbols = await symbolsOrExit('snapshot', args.symbols, client, io)
    if (typeof symbols === 'number') return symbols
    report = await fetchSnapshotReport(client, symbols, { baseUrl, demo: false }, deps.now ?? Date.now)
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
