import { parseArgs } from 'node:util'
import { MAX_ASSETS } from '../market/catalog'
import { FAULT_SPEC_HELP, type FaultPlan, parseFaultSpec } from './faults'
import type { ServiceReadings } from '../market/service-bodies'

/** The simulator's command line (`npm run sim -- ...`), read into server options. */

export const SIM_USAGE = `\
Usage: npm run sim -- --port <port> --api-key <key> [--assets <n>] [--seed <s>]
                      [--faults <spec>]
Serves the simulated market-data API on 127.0.0.1 and prints "listening on http://127.0.0.1:<port>".
  --port <port>     port to listen on; 0 picks a free one
  --api-key <key>   the key clients must send in the x-api-key header
  --assets <n>      how many assets to list, 1 to ${MAX_ASSETS} (default 400)
  --seed <s>        seed of the prices and of the faults, 0 to 4294967295 (default 1)
  --spec-only       serve only the spec's five endpoints (the others answer 404)
  --offhours-reading closed|offhours
                    how market status reads a weekend with off-hours running (default closed)
  --closed-market reason|forbidden
                    trading capacity in a closed market: a 200 with a reason, or a 403 (default reason)
  --market-pause <minutes>
                    an unscheduled market pause from the start, this many minutes long
  --fixed-wallets   the demo wallets keep their balances (by default the hot wallet trades
                    0.25 NVDAon on BNB Chain every other whole hour of a regular session)
  --help            show this text
${FAULT_SPEC_HELP}`

export interface SimCliOptions {
  port: number
  apiKey: string
  assets: number
  seed: number
  faults: FaultPlan
  specOnly: boolean
  readings: Partial<ServiceReadings>
  /** The demo hot wallet's hourly trades (SimServerOptions.walletTrades): on unless --fixed-wallets. */
  walletTrades: boolean
}

export type SimCliCommand = { kind: 'help' } | { kind: 'serve'; options: SimCliOptions }

export class CliArgsError extends Error {
  override readonly name = 'CliArgsError'
}

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number {
  const value = text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!(value >= min && value <= max))
    throw new CliArgsError(`${flag} must be a whole number from ${min} to ${max}`)
  return value
}

/** Throws CliArgsError with a one-line reason for anything it cannot use. */
export function parseSimArgs(argv: readonly string[], now: () => number = Date.now): SimCliCommand {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'api-key': { type: 'string' },
        assets: { type: 'string' },
        seed: { type: 'string' },
        faults: { type: 'string' },
        'spec-only': { type: 'boolean' },
        'offhours-reading': { type: 'string' },
        'closed-market': { type: 'string' },
        'market-pause': { type: 'string' },
        'fixed-wallets': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new CliArgsError((error as Error).message.split('\n')[0] ?? 'bad arguments')
  }
  if (values.help) return { kind: 'help' }
  if (values.port === undefined) throw new CliArgsError('--port is required (0 picks a free port)')
  const apiKey = values['api-key']
  if (apiKey === undefined || apiKey === '') throw new CliArgsError('--api-key is required')
  let faults: FaultPlan = {}
  try {
    faults = values.faults === undefined ? {} : parseFaultSpec(values.faults)
  } catch (error) {
    throw new CliArgsError(`--faults: ${(error as Error).message}`)
  }
  const readings: Partial<ServiceReadings> = {}
  const offhoursReading = values['offhours-reading']
  if (offhoursReading !== undefined) {
    if (offhoursReading !== 'closed' && offhoursReading !== 'offhours')
      throw new CliArgsError('--offhours-reading must be closed or offhours')
    readings.offhoursReading = offhoursReading
  }
  const closedMarket = values['closed-market']
  if (closedMarket !== undefined) {
    if (closedMarket !== 'reason' && closedMarket !== 'forbidden')
      throw new CliArgsError('--closed-market must be reason or forbidden')
    readings.closedMarketForm = closedMarket
  }
  if (values['market-pause'] !== undefined) {
    const minutes = wholeNumber('--market-pause', values['market-pause'], 1, 7 * 24 * 60)
    const start = now()
    readings.marketPause = { start, end: start + minutes * 60_000 }
  }
  return {
    kind: 'serve',
    options: {
      port: wholeNumber('--port', values.port, 0, 65_535),
      apiKey,
      assets: values.assets === undefined ? 400 : wholeNumber('--assets', values.assets, 1, MAX_ASSETS),
      seed: values.seed === undefined ? 1 : wholeNumber('--seed', values.seed, 0, 4_294_967_295),
      faults,
      specOnly: values['spec-only'] ?? false,
      readings,
      walletTrades: !(values['fixed-wallets'] ?? false),
    },
  }
}
