import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runPortfolioCommand } from '../../src/main/cli/portfolio-command'
import { openHistoryDb } from '../../src/main/core/history/history-db'
import { HistoryRecorder } from '../../src/main/core/history/history-recorder'
import { HoldingsFile } from '../../src/main/core/holdings/holdings-file'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { Dec } from '../../src/shared/decimal'
import { emptyAsset } from '../../src/shared/domain'
import type { TransactionInput } from '../../src/shared/holdings'
import type { PortfolioReport } from '../../src/shared/portfolio'
import { runCommand } from './memory-io'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * `tokenwatch portfolio` against the simulator on 127.0.0.1 at Monday 2026-11-16, 10:00 ET (the
 * simulated LLY's 4:1 split took effect at 04:00 ET that day): the JSON fields, the CSV,
 * the text table whose cents add up, bad usage, and a spec-only service answered from the recording.
 */

const KEY = 'cli-portfolio-key-5d2e'
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
let sim: SimServer
const { tempDir } = cleanupAfterEach('tw-cli-portfolio-')
let userData: string

beforeAll(async () => {
  sim = await startSimServer({ apiKey: KEY, assets: 60, clock: () => MONDAY_10_00_ET })
})
afterAll(() => sim.close())
beforeEach(async () => {
  sim.setSpecOnly(false)
  userData = tempDir()
  const ledger = new HoldingsFile(userData, () => MONDAY_10_00_ET)
  const trades: TransactionInput[] = [
    {
      time: '2026-11-02T10:30:00-05:00',
      symbol: 'AAPLon',
      side: 'buy',
      quantity: '3.5',
      price: '231.40',
      fee: '0.35',
    },
    {
      time: '2026-11-05T11:00:00-05:00',
      symbol: 'LLYon',
      side: 'buy',
      quantity: '1.25',
      price: '901.10',
      fee: '0.90',
    },
    {
      time: '2026-11-10T14:00:00-05:00',
      symbol: 'AAPLon',
      side: 'sell',
      quantity: '1.5',
      price: '233.05',
      fee: '0.15',
    },
  ]
  for (const trade of trades) await ledger.add(trade)
})

function run(argv: string[]) {
  return runCommand(runPortfolioCommand, ['--base-url', sim.url, ...argv], {
    env: { TOKENWATCH_API_KEY: KEY, TOKENWATCH_USER_DATA: userData },
    now: () => MONDAY_10_00_ET,
    timeoutMs: 30_000,
  })
}

const sumOf = (values: string[]) => values.reduce((sum, value) => sum.plus(value), new Dec(0))

describe('tokenwatch portfolio', () => {
  it("--json: the issue's fields for points and figures, decimals as strings, parts adding up", async () => {
    const { code, stdout, stderr } = await run(['--range', '1m', '--json', '--method', 'fifo'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const report = JSON.parse(stdout) as PortfolioReport
    expect(report).toMatchObject({
      range: '1m',
      method: 'fifo',
      benchmarkSymbol: 'SPYon',
      source: 'service',
      empty: false,
    })
    for (const point of report.series)
      expect(Object.keys(point)).toEqual(['t', 'value', 'valueAtFairValue', 'cost', 'pnl'])
    const { figures } = report
    for (const key of ['twr', 'mwr', 'pnl', 'benchmark', 'attribution']) expect(figures).toHaveProperty(key)
    expect(Object.keys(figures.attribution)).toEqual(['stock', 'multiplier', 'premium', 'fees'])
    for (const value of [figures.twr, figures.mwr, figures.pnl, ...Object.values(figures.attribution)])
      expect(value).toMatch(/^-?\d+(\.\d+)?$/)
    expect(sumOf(Object.values(figures.attribution)).toString()).toBe(figures.pnl)
    expect(figures.attribution.fees).toBe('-1.4')
    // The last point is now: 2 AAPLon and 1.25 LLYon at the simulator's current prices.
    const aapl = sim.market.priceRecord('AAPLon')?.primaryMarket.price as string
    const lly = sim.market.priceRecord('LLYon')?.primaryMarket.price as string
    expect(report.series.at(-1)?.value).toBe(
      new Dec(2).times(aapl).plus(new Dec('1.25').times(lly)).toString(),
    )
    expect(report.series.at(-1)?.pnl).toBe(figures.pnl)
    expect(figures.benchmark.token?.into).toBe('SPYon')
    expect(figures.benchmark.stocks?.into).toBe('stocks')
    // LLY's split at 04:00 ET moved its stock to a quarter and its multiplier four times; after the
    // last trade every step of the P&L is the market's, and none jumps.
    const lastTrade = Date.parse('2026-11-10T14:00:00-05:00')
    const after = report.series.filter((p) => p.t > lastTrade).map((p) => new Dec(p.pnl))
    expect(after.length).toBeGreaterThan(50)
    for (let i = 1; i < after.length; i++)
      expect(
        (after[i] as Dec)
          .minus(after[i - 1] as Dec)
          .abs()
          .lessThan(60),
      ).toBe(true)
  })

  it('--csv: the series with a header line, CRLF', async () => {
    const { code, stdout } = await run(['--range', '1w', '--csv'])
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\r\n')
    expect(lines[0]).toBe('t,value,valueAtFairValue,cost,pnl')
    expect(lines.length).toBeGreaterThan(20)
    expect(lines[1]?.split(',')).toHaveLength(5)
  })

  it('the table: where the P&L came from, to the cent, the parts adding up to the P&L line', async () => {
    const { code, stdout } = await run(['--range', '1m', '--benchmark', 'qqq'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Portfolio 1m, average cost, prices from service, as of Nov 16, 2026/)
    expect(stdout).toMatch(/Had you bought QQQon: P&L/)
    const total =
      stdout
        .split('\n')
        .find((line) => line.startsWith('TOTAL'))
        ?.split(/\s+/) ?? []
    expect(total).toHaveLength(6)
    expect(sumOf(total.slice(1, 5)).toFixed(2)).toBe(total[5])
  })

  it('bad usage: exit 2 and one line naming the flag', async () => {
    const cases: [string[], RegExp][] = [
      [['--range', '1d'], /--range: "1d" is not one of 1w 1m 3m 6m 1y all/],
      [['--json'], /--range is required/],
      [['--range', '1m', '--json', '--csv'], /choose one/],
      [['--range', '1m', '--method', 'lifo'], /--method must be average or fifo/],
      [['--range', '1m', '--benchmark', 'SPY$'], /--benchmark/],
    ]
    for (const [argv, message] of cases) {
      const { code, stdout, stderr } = await run(argv)
      expect({ code, stdout, lines: stderr.trimEnd().split('\n').length }).toEqual({
        code: 2,
        stdout: '',
        lines: 1,
      })
      expect(stderr).toMatch(message)
    }
  })

  it('a spec-only service: the recording only, said', async () => {
    sim.setSpecOnly(true)
    const { db } = openHistoryDb(userData)
    const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
    const since = MONDAY_10_00_ET - 5 * 86_400_000
    for (let i = 0; i < 5; i++)
      recorder.recordDelta({
        asOf: since + i * 86_400_000,
        added: ['AAPLon', 'LLYon'].map((symbol) => ({
          ...emptyAsset(symbol),
          price: symbol === 'AAPLon' ? `232.1${i}` : `905.2${i}`,
          sharesMultiplier: symbol === 'AAPLon' ? '1' : '4',
        })),
        changed: [],
        removed: [],
      })
    db.close()
    const { code, stdout } = await run(['--range', '1m', '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout) as PortfolioReport
    expect(report.source).toBe('recorded')
    expect(report.notes.some((note) => note.startsWith('This service publishes no history'))).toBe(true)
    expect(report.series.at(-1)?.value).toBe(
      new Dec(2).times('232.14').plus(new Dec('1.25').times('905.24')).toString(),
    )
  })
})
