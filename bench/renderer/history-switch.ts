import type { Page } from 'playwright-core'
import type { HistoryRange } from '../../src/shared/history'
import { ApiClient } from '../../src/main/core/api/api-client'
import { startSimServer } from '../../src/main/sim/server/server'
import { HISTORY_PLANS } from '../../src/main/core/history/history-plan'
import { historyFixture } from '../../test/support/history-fixtures'
import { type Metric, median, metric, round } from '../report'
import { timeKeyToPaint } from './key-to-paint'
import { marketNow } from './market-time'

/**
 * The detail chart's range switch from the renderer's memo to the chart painted, for 1Y and All
 * (the budget: a median of two frames, 33 ms). Each range is shown once first (fetched
 * from the bridge and laid out); then the page switches between them by their keys (6 and 7), as
 * a person does, and times each switch from the key to the frame that painted the new chart.
 */

export const HISTORY_SWITCH_BUDGET_MS = 33
/** A range not fetched before: drawn within this much beyond the simulator's own answer time. */
export const UNCACHED_RANGE_BUDGET_MS = 300

/** The history chart on screen (its aria-label names its range). */
const CHART = '.chart-shown .chart-history'

const ONE_YEAR = { range: '1y', key: '6', words: '1 year chart' } as const
const ALL_TIME = { range: 'all', key: '7', words: 'all time chart' } as const
const TIMED: ReadonlyArray<{ range: HistoryRange; key: string; words: string }> = [ONE_YEAR, ALL_TIME]

export async function historySwitchMetrics(
  page: Page,
  rounds: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  const end = marketNow()
  const histories = Object.fromEntries(
    TIMED.map(({ range }) => [
      range,
      historyFixture({ symbol: 'X', range: range as Exclude<HistoryRange, '1d'>, end, offHours: false }),
    ]),
  )
  await page.evaluate((answers) => {
    if (window.__bench) window.__bench.histories = answers
  }, histories)
  await page.locator('[role="row"][data-symbol]').first().click()
  await page.keyboard.press('Enter')
  await page.locator('.detail-chart').waitFor()
  // Each range fetched and laid out once: what follows comes from the memo.
  for (const { key, words } of TIMED)
    await page.evaluate(timeKeyToPaint, { key, selector: CHART, label: words })
  const times: Record<string, number[]> = Object.fromEntries(TIMED.map(({ range }) => [range, []]))
  for (let round = 0; round < rounds; round++)
    for (const { range, key, words } of TIMED)
      times[range]?.push(await page.evaluate(timeKeyToPaint, { key, selector: CHART, label: words }))
  const points = (range: string) => histories[range]?.points.length ?? 0
  log(
    `history range switch from the memo (ms): ${TIMED.map(
      ({ range }) => `${range} (${points(range)} points) ${(times[range] ?? []).map(round).join(', ')}`,
    ).join('; ')}`,
  )
  return TIMED.map(({ range }) =>
    metric(
      `renderer.history.switchTo${range === 'all' ? 'All' : '1Y'}Ms`,
      points(range),
      round(median(times[range] ?? [])),
      'ms to painted',
      HISTORY_SWITCH_BUDGET_MS,
    ),
  )
}

/**
 * What the simulator takes to answer a range's candles, as the core receives it (request to parsed
 * answer, ApiClient over HTTP on 127.0.0.1, 400 listed assets), alternating the timed ranges: the
 * median of `rounds` answers each, after one untimed.
 */
async function simAnswerMs(rounds: number): Promise<number> {
  const apiKey = 'bench-history-key-0123456789'
  const sim = await startSimServer({ apiKey, port: 0, assets: 400, clock: marketNow })
  const client = new ApiClient({ baseUrl: sim.url, apiKey })
  try {
    const symbol = sim.market.symbols()[0] ?? 'AAPLon'
    const ask = async (range: HistoryRange) => {
      const { interval, range: candleRange } = HISTORY_PLANS[range].request
      const startedAt = performance.now()
      await client.candles(symbol, interval, candleRange)
      return performance.now() - startedAt
    }
    for (const { range } of TIMED) await ask(range)
    const times: number[] = []
    for (let taken = 0; taken < rounds; taken++) for (const { range } of TIMED) times.push(await ask(range))
    return median(times)
  } finally {
    await client.close()
    await sim.close()
  }
}

/**
 * A range the page has not fetched for this symbol, from its key to the chart painted, with main's
 * answer arriving after the simulator's own answer time (measured just before, reported beside).
 * Each round opens the detail of a row not opened before and switches it to the other of 1Y and
 * All; run after historySwitchMetrics, which provides the answers.
 */
export async function uncachedRangeMetrics(
  page: Page,
  rounds: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  const answerMs = await simAnswerMs(rounds)
  await page.evaluate((waitMs) => {
    if (window.__bench) window.__bench.historyAnswerMs = waitMs
  }, answerMs)
  const times: number[] = []
  for (let taken = 0; taken < rounds; taken++) {
    await page.keyboard.press('Escape')
    await page.locator('aside.detail').waitFor({ state: 'detached' })
    // Row 0 was opened by historySwitchMetrics; each later row is new to the memo.
    await page
      .locator('[role="row"][data-symbol]')
      .nth(taken + 1)
      .click()
    await page.keyboard.press('Enter')
    const shown = page.locator(CHART)
    await shown.waitFor()
    const label = (await shown.getAttribute('aria-label')) ?? ''
    const next = label.startsWith(ONE_YEAR.words) ? ALL_TIME : ONE_YEAR
    times.push(await page.evaluate(timeKeyToPaint, { key: next.key, selector: CHART, label: next.words }))
  }
  await page.evaluate(() => {
    if (window.__bench) window.__bench.historyAnswerMs = 0
  })
  log(
    `uncached range to painted (ms, the simulator answering in ${round(answerMs)}` +
      `): ${times.map(round).join(', ')}`,
  )
  return [
    metric(
      'renderer.history.uncachedRangeMs',
      rounds,
      round(median(times)),
      `ms key to painted, the simulator's ${round(answerMs)} ms included`,
      round(UNCACHED_RANGE_BUDGET_MS + answerMs),
    ),
    metric(
      'renderer.history.simAnswerMs',
      rounds,
      round(answerMs),
      'ms, the simulator answering a range',
      null,
    ),
  ]
}
