import { existsSync } from 'node:fs'
import path from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { HISTORY_RANGES, type HistoryRange, type HistorySeries } from '../../shared/history'
import type { ApiClient } from '../core/api/api-client'
import { HistoryQueue } from '../core/history/history-queue'
import type { Clock } from '../core/clock'
import { HISTORY_DB_FILE, historyDbProblem, openHistoryDbToRead } from '../core/history/history-db'
import { HistoryCache } from '../core/history/history-cache'
import { HistoryRecorder } from '../core/history/history-recorder'
import { HistoryService } from '../core/history/history-service'
import type { RecordedHistory } from '../core/recording-port'
import { defaultUserDataDir, USER_DATA_ENV } from '../core/storage/paths'
import { parseSymbolFlag } from './capacity-command'
import { historyCsv } from '../../shared/history-csv'
import { type CliIo, EXIT, UsageError, parseFlags } from './io'
import {
  ONE_QUESTION_FLAGS,
  type ServiceCommand,
  type ServiceCommandDeps,
  runServiceCommand,
  writeJson,
} from './service-client'
import { BASE_URL_HELP, parseBaseUrlFlag } from './service-args'
import { screenTimeText } from '../core/screen-time'

/**
 * `tokenwatch history --symbol S --range R [--json | --csv]`: the token's history for one range,
 * as the detail chart has it (issue #31): the service's candles, the stock's close on the
 * token's scale and the premium, joined with what the app recorded in history.sqlite.
 */

export const HISTORY_USAGE = `Usage: tokenwatch history --symbol S --range R [--json | --csv] [--base-url URL]

  --symbol S        the token; "aapl" is read as AAPLon
  --range R         one of ${HISTORY_RANGES.join(' ')}
  --json            print {symbol, range, interval, source, note, points: [{t, open, high, low, close,
                     underlyingClose, underlyingCarried, multiplier, premium}]}
  --csv             the points as CSV, the same columns
  --base-url URL    ${BASE_URL_HELP}

Prices are decimal strings exactly as received; premium is a fraction ("0.0012" is +0.12%).
What the app recorded is read from ${HISTORY_DB_FILE} in its data folder ($${USER_DATA_ENV} if set).

Exit codes: 0 answered, 2 bad usage or an unknown symbol, 3 no API key or the key was rejected,
4 the service could not be used.
`

interface HistoryArgs {
  baseUrl: string | null
  symbol: string
  range: HistoryRange
  format: 'json' | 'csv' | 'text'
}

export function historyJson(series: HistorySeries): object {
  const { symbol, range, interval, source, note, points } = series
  return { symbol, range, interval, source, note, points }
}

function historyText(series: HistorySeries): string {
  const last = series.points.at(-1)
  const lines = [
    `${series.symbol} ${series.range}: ${series.points.length} points ` +
      `of ${series.interval} from ${series.source}`,
    ...(series.note ? [series.note] : []),
    ...(last
      ? [
          `Last: ${screenTimeText(last.t)} close ${last.close}, ` +
            `stock ${last.underlyingClose ?? 'unknown'}, premium ${last.premium ?? 'unknown'}`,
        ]
      : []),
  ]
  return `${lines.join('\n')}\n`
}

/**
 * What the app recorded, read from its file when there is one (never created, moved or set aside
 * here: only the app's writer does that). A file that cannot be used is said once, on stderr, and
 * the history is then the service's alone.
 */
function recordedIn(
  folder: string,
  io: CliIo,
): (symbol: string, from: number, daily: boolean) => Promise<RecordedHistory> {
  let said = false
  return async (symbol, from, daily) => {
    const file = path.join(folder, HISTORY_DB_FILE)
    if (!existsSync(file)) return { rows: [], since: null }
    let db: DatabaseSync
    try {
      db = openHistoryDbToRead(folder)
    } catch (error) {
      if (!said)
        io.stderr.write(
          `tokenwatch: ${file} could not be used (${historyDbProblem(error, folder)}` +
            `); history from the service only.\n`,
        )
      said = true
      return { rows: [], since: null }
    }
    try {
      return new HistoryRecorder(db, { onProblem: () => undefined }).read(symbol, from, daily)
    } finally {
      db.close()
    }
  }
}

/**
 * History as the command line asks it (`history`, `portfolio`): on the command's one client, no
 * cache on disk, with what the app recorded in its data folder.
 */
export function cliHistory(client: ApiClient, now: () => number, io: CliIo): HistoryService {
  const clock: Clock = {
    now,
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  }
  return new HistoryService({
    client: () => client,
    queue: new HistoryQueue({ clock }),
    cache: new HistoryCache(null, clock),
    clock,
    recorded: recordedIn(defaultUserDataDir(io.env), io),
  })
}

/** --range (one of `ranges`, required) and --json or --csv, as `history` and `portfolio` read them. */
export function rangeAndFormat<R extends string>(
  values: { range?: string; json?: boolean; csv?: boolean },
  ranges: readonly R[],
): { range: R; format: 'json' | 'csv' | 'text' } {
  const range = values.range
  if (range === undefined) throw new UsageError(`--range is required: one of ${ranges.join(' ')}.`)
  if (!(ranges as readonly string[]).includes(range))
    throw new UsageError(`--range: "${range.slice(0, 20)}" is not one of ${ranges.join(' ')}.`)
  if (values.json && values.csv) throw new UsageError('--json and --csv: choose one.')
  return { range: range as R, format: values.json ? 'json' : values.csv ? 'csv' : 'text' }
}

const historyCommand: ServiceCommand<HistoryArgs> = {
  name: 'history',
  usage: HISTORY_USAGE,
  parse(argv) {
    const values = parseFlags(argv, {
      ...ONE_QUESTION_FLAGS,
      symbol: { type: 'string' },
      range: { type: 'string' },
      csv: { type: 'boolean' },
    })
    if (values.help) return 'help'
    return {
      baseUrl: parseBaseUrlFlag(values['base-url']),
      symbol: parseSymbolFlag(values.symbol),
      ...rangeAndFormat(values, HISTORY_RANGES),
    }
  },
  async run(client: ApiClient, args: HistoryArgs, io: CliIo, now: () => number) {
    const series = await cliHistory(client, now, io).history(args.symbol, args.range)
    // Without the service's candles nothing has checked the symbol yet: the prices endpoint does.
    if (series.source === 'recorded' && series.points.length === 0) await client.price(args.symbol)
    if (args.format === 'json') writeJson(io, historyJson(series))
    else io.stdout.write(args.format === 'csv' ? historyCsv(series.points) : historyText(series))
    return EXIT.ok
  },
}

export function runHistoryCommand(argv: string[], io: CliIo, deps?: ServiceCommandDeps): Promise<number> {
  return runServiceCommand(historyCommand, argv, io, deps)
}
