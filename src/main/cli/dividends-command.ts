import { Dec } from '../../shared/decimal'
import type { ApiClient } from '../core/api/api-client'
import { parseSymbolFlag } from './capacity-command'
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
 * `tokenwatch dividends --symbol S`: the underlying's dividend yield, payout frequency and last
 * payment (`/v1/assets/{symbol}/dividends`). The yield is sent as a fraction; the percent beside
 * it is computed exactly from that string. A service without the endpoint: `available: false`.
 */

export const DIVIDENDS_USAGE = `Usage: tokenwatch dividends --symbol S [--base-url URL] [--json]

  --symbol S        the token; "aapl" is read as AAPLon
  --base-url URL    ${BASE_URL_HELP}
  --json            print {symbol, available, ticker, dividendYield, dividendYieldPercent,
                     payoutFrequency, lastCashAmount, lastPaymentDate}

Exit codes: 0 answered (a service without the endpoint included), 2 bad usage or an unknown
symbol, 3 no API key or the key was rejected, 4 the service could not be used.
`

export interface DividendsReport {
  symbol: string
  available: boolean
  ticker: string | null
  /** A fraction, as sent ("0.0245"). */
  dividendYield: string | null
  /** The same as a percent ("2.45"). */
  dividendYieldPercent: string | null
  payoutFrequency: string | null
  lastCashAmount: string | null
  lastPaymentDate: string | null
}

interface DividendsArgs {
  baseUrl: string | null
  symbol: string
  json: boolean
}

function dividendsText(report: DividendsReport): string {
  if (!report.available) return `${report.symbol}: the service does not publish dividends\n`
  const lines = [
    `${report.symbol} (${report.ticker})`,
    `Yield: ${report.dividendYieldPercent === null ? 'not given' : `${report.dividendYieldPercent}%`}`,
    `Paid: ${report.payoutFrequency ?? 'not given'}`,
    `Last payment: ${
      report.lastCashAmount === null
        ? 'none'
        : `$${report.lastCashAmount} on ${report.lastPaymentDate ?? 'an unstated date'}`
    }`,
  ]
  return `${lines.join('\n')}\n`
}

const dividendsCommand: ServiceCommand<DividendsArgs> = {
  name: 'dividends',
  usage: DIVIDENDS_USAGE,
  parse(argv) {
    const values = parseFlags(argv, {
      ...ONE_QUESTION_FLAGS,
      symbol: { type: 'string' },
    })
    if (values.help) return 'help'
    return {
      baseUrl: parseBaseUrlFlag(values['base-url']),
      symbol: parseSymbolFlag(values.symbol),
      json: values.json ?? false,
    }
  },
  async run(client: ApiClient, args: DividendsArgs, io: CliIo) {
    const answer = await client.dividends(args.symbol)
    const sent = answer.available ? answer.value : null
    if (!sent) writeLine(io.stderr, `note: ${client.origin} does not publish dividends (answered 404).`)
    const fraction = sent?.dividendYield ?? null
    const report: DividendsReport = {
      symbol: args.symbol,
      available: sent !== null,
      ticker: sent?.ticker ?? null,
      dividendYield: fraction,
      dividendYieldPercent: fraction === null ? null : new Dec(fraction).times(100).toString(),
      payoutFrequency: sent?.payoutFrequency ?? null,
      lastCashAmount: sent?.lastCashAmount ?? null,
      lastPaymentDate: sent?.lastPaymentDate ?? null,
    }
    if (args.json) writeJson(io, report)
    else io.stdout.write(dividendsText(report))
    return EXIT.ok
  },
}

export function runDividendsCommand(argv: string[], io: CliIo, deps?: ServiceCommandDeps): Promise<number> {
  return runServiceCommand(dividendsCommand, argv, io, deps)
}
