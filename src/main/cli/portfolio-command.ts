import { Dec, toFixedString } from '../../shared/decimal'
import { COST_METHODS, type CostMethod } from '../../shared/holdings'
import {
  type BenchmarkFigures,
  DEFAULT_BENCHMARK,
  PORTFOLIO_RANGES,
  type PortfolioRange,
  type PortfolioReport,
  type Returns,
} from '../../shared/portfolio'
import { attributionInCents } from '../../shared/portfolio-cents'
import { normalizeSymbolInput } from '../../shared/symbols'
import type { ApiClient } from '../core/api/api-client'
import { HoldingsFile } from '../core/holdings/holdings-file'
import { computePortfolio } from '../core/portfolio/portfolio-compute'
import { portfolioInput } from '../core/portfolio/portfolio-histories'
import { screenTimeText } from '../core/screen-time'
import { defaultUserDataDir, USER_DATA_ENV } from '../core/storage/paths'
import { SettingsFile } from '../core/storage/settings-file'
import { cliHistory, rangeAndFormat } from './history-command'
import { type CliIo, EXIT, UsageError, parseFlags, textTable, writeLine } from './io'
import { BASE_URL_HELP, parseBaseUrlFlag } from './service-args'
import {
  ONE_QUESTION_FLAGS,
  type ServiceCommand,
  type ServiceCommandDeps,
  runServiceCommand,
  writeJson,
} from './service-client'

/**
 * `tokenwatch portfolio --range R`: the portfolio over time (issue #49, docs/portfolio.md): the
 * ledger replayed over each token's history as the detail chart has it, the returns, the same
 * money in the stocks and in one token, and where the P&L came from.
 */

export const PORTFOLIO_USAGE = `Usage: tokenwatch portfolio --range R [--json | --csv] [--method average|fifo]
                           [--benchmark SYMBOL] [--base-url URL]

  --range R          one of ${PORTFOLIO_RANGES.join(' ')}
  --json             print {range, method, benchmarkSymbol, asOf, source, empty, notes,
                      series: [{t, value, valueAtFairValue, cost, pnl}],
                      figures: {twr, mwr, mwrNote, pnl, annualised, benchmark, attribution:
                      {stock, multiplier, premium, fees}}, positions, benchmarkSeries, trades}
  --csv              the series as CSV: t, value, valueAtFairValue, cost, pnl
  --method M         average or fifo (default: the app's setting, else average)
  --benchmark S      the token the same cash flows also go into (default ${DEFAULT_BENCHMARK})
  --base-url URL     ${BASE_URL_HELP}

Every amount is an exact decimal string in US dollars; returns are fractions ("0.0125" is
+1.25%), the money-weighted one found to within 1e-24 a year and written to 10 decimals, both
annualised only for a range of a year or more. The ledger is read from holdings.json, what the
app recorded from history.sqlite, in its data folder ($${USER_DATA_ENV} if set).

Exit codes: 0 answered, 1 the ledger file could not be used, 2 bad usage, 3 no API key or the key
was rejected, 4 the service could not be used.
`

interface PortfolioArgs {
  baseUrl: string | null
  range: PortfolioRange
  format: 'json' | 'csv' | 'text'
  method: CostMethod | undefined
  benchmark: string
}

function parseBenchmark(value: string | undefined): string {
  if (value === undefined) return DEFAULT_BENCHMARK
  const checked = normalizeSymbolInput(value)
  if (!checked.ok)
    throw new UsageError(`--benchmark: "${value.slice(0, 40)}" is not a token symbol: ${checked.reason}.`)
  return checked.symbol
}

export function portfolioCsv(report: PortfolioReport): string {
  const rows = report.series.map((p) =>
    [String(p.t), p.value, p.valueAtFairValue ?? '', p.cost, p.pnl].join(','),
  )
  return `${['t,value,valueAtFairValue,cost,pnl', ...rows].join('\r\n')}\r\n`
}

const percent = (fraction: string | null) =>
  fraction === null ? 'none' : `${toFixedString(new Dec(fraction).times(100), 2)}%`

function returnsLine(label: string, returns: Returns): string {
  const mwr = returns.mwr === null ? `none (${returns.mwrNote ?? ''})` : percent(returns.mwr)
  const yearly = returns.annualised
    ? `; a year: TWR ${percent(returns.annualised.twr)}, MWR ${percent(returns.annualised.mwr)}`
    : ''
  const pnl = toFixedString(new Dec(returns.pnl), 2)
  return `${label}: P&L ${pnl}, TWR ${percent(returns.twr)}, MWR ${mwr}${yearly}`
}

function benchmarkLine(bench: BenchmarkFigures): string {
  const label = bench.into === 'stocks' ? 'Had you held the stocks' : `Had you bought ${bench.into}`
  const points = bench.differenceInPoints.twr
  const against =
    points === null ? '' : `; yours ${toFixedString(new Dec(points), 2)} points against it (TWR)`
  return `${returnsLine(label, bench)}${against}`
}

export function portfolioText(report: PortfolioReport): string {
  const lines = [
    `Portfolio ${report.range}, ${report.method === 'fifo' ? 'FIFO lots' : 'average cost'}, ` +
      `prices from ${report.source === 'both' ? 'the service and the recording' : report.source}, ` +
      `as of ${screenTimeText(report.asOf, { year: true })}`,
  ]
  if (!report.empty) {
    const last = report.series.at(-1)
    lines.push(
      `Value ${toFixedString(new Dec(last?.value ?? '0'), 2)}, ` +
        `cost ${toFixedString(new Dec(last?.cost ?? '0'), 2)}`,
      returnsLine('Portfolio', report.figures),
    )
    const { stocks, token } = report.figures.benchmark
    for (const bench of [stocks, token]) if (bench) lines.push(benchmarkLine(bench))
    const rows = [['WHERE THE P&L CAME FROM', 'STOCK', 'MULTIPLIER', 'PREMIUM', 'FEES', 'P&L']]
    for (const position of [...report.positions, { symbol: 'TOTAL', ...report.figures }]) {
      const shown = attributionInCents(position.attribution, position.pnl)
      rows.push([
        position.symbol,
        shown.parts.stock,
        shown.parts.multiplier,
        shown.parts.premium,
        shown.parts.fees,
        shown.pnl,
      ])
    }
    lines.push('', textTable(rows))
  }
  if (report.notes.length > 0) lines.push('', ...report.notes.map((note) => `note: ${note}`))
  return `${lines.join('\n')}\n`
}

function parsePortfolioArgs(argv: string[]): PortfolioArgs | 'help' {
  const values = parseFlags(argv, {
    ...ONE_QUESTION_FLAGS,
    range: { type: 'string' },
    csv: { type: 'boolean' },
    method: { type: 'string' },
    benchmark: { type: 'string' },
  })
  if (values.help) return 'help'
  const { range, format } = rangeAndFormat(values, PORTFOLIO_RANGES)
  const method = values.method
  if (method !== undefined && !(COST_METHODS as readonly string[]).includes(method))
    throw new UsageError(`--method must be average or fifo, not "${method.slice(0, 20)}".`)
  return {
    baseUrl: parseBaseUrlFlag(values['base-url']),
    range,
    format,
    method: method as CostMethod | undefined,
    benchmark: parseBenchmark(values.benchmark),
  }
}

const portfolioCommand: ServiceCommand<PortfolioArgs> = {
  name: 'portfolio',
  usage: PORTFOLIO_USAGE,
  parse: parsePortfolioArgs,
  async run(client: ApiClient, args: PortfolioArgs, io: CliIo, now: () => number) {
    const userDataDir = defaultUserDataDir(io.env)
    const method = args.method ?? (await new SettingsFile(userDataDir).load()).costMethod
    const file = new HoldingsFile(userDataDir, now)
    const transactions = await file.load()
    const problem = file.problem()
    if (problem) {
      writeLine(io.stderr, `tokenwatch portfolio: ${problem}`)
      return EXIT.failed
    }
    const input = await portfolioInput({
      history: cliHistory(client, now, io),
      transactions,
      method,
      range: args.range,
      benchmarkSymbol: args.benchmark,
      asOf: now(),
    })
    let report: PortfolioReport
    try {
      report = computePortfolio(input)
    } catch (error) {
      // The ledger does not add up (a file edited by hand): said as `holdings` says it.
      writeLine(io.stderr, `tokenwatch portfolio: ${error instanceof Error ? error.message : String(error)}`)
      return EXIT.failed
    }
    if (args.format === 'json') writeJson(io, report)
    else io.stdout.write(args.format === 'csv' ? portfolioCsv(report) : portfolioText(report))
    return EXIT.ok
  },
}

export function runPortfolioCommand(argv: string[], io: CliIo, deps?: ServiceCommandDeps): Promise<number> {
  return runServiceCommand(portfolioCommand, argv, io, deps)
}
