import type { Page } from 'playwright-core'
import type { HistoryRange } from '../../src/shared/history'
import { ApiClient } from '../../src/main/core/api/api-client'
import { startSimServer } from '../../src/main/sim/server/server'
import { HISTORY_PLANS } from '../../src/main/core/history/history-plan'
import { historyFixture } from '../../test/support/history-fixtures'
import { type Metric, floorOf, median, metric, round } from '../report'
import { timeFramePeriod, timeKeyToPaint } from './key-to-paint'
import { marketNow } from './market-time'

/**
 * The detail chart's range switch from the renderer's memo to the chart painted, for 1Y and All
 * (the budget: a median of two frames, 33 ms). Each range is shown once first (fetched
 * from the bridge and laid out); then the page switches between them by their keys (6 and 7), as
 * a person does, and times each switch from the key to the frame that painted the new chart.
 */

export const HISTORY_SWITCH_BUDGET_MS = 33
/**
 * A range not fetched before: drawn within 300 ms beyond the simulator's own answer time, counted
 * in the page's frames (300 ms at 60 Hz), so that a host slowing every frame is not read as the
 * page's doing.
 */
export const UNCACHED_RANGE_BUDGET_FRAMES = 18

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
 * The simulator answering a range's candles, as the core receives it (request to parsed answer,
 * ApiClient over HTTP on 127.0.0.1, 400 listed assets): `ask` times one answer, after one untimed
 * answer of each timed range.
 */
async function simulatorAnswers(): Promise<{
  ask: (range: HistoryRange) => Promise<number>
  close: () => Promise<void>
}> {
  const apiKey = 'bench-history-key-0123456789'
  const sim = await startSimServer({ apiKey, port: 0, assets: 400, clock: marketNow })
  const client = new ApiClient({ baseUrl: sim.url, apiKey })
  const symbol = sim.market.symbols()[0] ?? 'AAPLon'
  const ask = async (range: HistoryRange) => {
    const { interval, range: candleRange } = HISTORY_PLANS[range].request
    const startedAt = performance.now()
    await client.candles(symbol, interval, candleRange)
    return performance.now() - startedAt
  }
  for (const { range } of TIMED) await ask(range)
  return {
    ask,
    close: async () => {
      await client.close()
      await sim.close()
    },
  }
}

/**
 * A range the page has not fetched for this symbol, from its key to the chart painted. Each round
 * opens the detail of a row not opened before and switches it to the other of 1Y and All; just
 * before, in the same round, the page's frame period is measured (timeFramePeriod) and the
 * simulator answers that range once, and the bench's bridge answers the page after that same
 * time. What the page adds beyond the simulator's answer, over the frame period, is the figure
 * budgeted (300 ms at 60 Hz: 18 frames), the median of the rounds' ratios; the whole step and the
 * simulator's answer are given beside it. Run after historySwitchMetrics, which provides the
 * answers.
 */
export async function uncachedRangeMetrics(
  page: Page,
  rounds: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  const simulator = await simulatorAnswers()
  const steps: { whole: number; answer: number; frame: number }[] = []
  try {
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
      const frame = await page.evaluate(timeFramePeriod)
      const answer = await simulator.ask(next.range)
      await page.evaluate((waitMs) => {
        if (window.__bench) window.__bench.historyAnswerMs = waitMs
      }, answer)
      const whole = await page.evaluate(timeKeyToPaint, { key: next.key, selector: CHART, label: next.words })
      steps.push({ whole, answer, frame })
    }
  } finally {
    await simulator.close()
    await page.evaluate(() => {
      if (window.__bench) window.__bench.historyAnswerMs = 0
    })
  }
  log(
    `uncached range to painted / the simulator's answer / frame period (ms): ` +
      steps
        .map(({ whole, answer, frame }) => `${round(whole)} / ${round(answer)} / ${round(frame)}`)
        .join(', '),
  )
  const beyond = floorOf(
    steps.map(({ whole, answer, frame }) => ({ subject: whole - answer, floor: frame })),
    'ms',
  )
  const medianOf = (pick: (each: (typeof steps)[number]) => number) => round(median(steps.map(pick)))
  return [
    metric(
      'renderer.history.uncachedRangeFrames',
      rounds,
      beyond.ratio,
      `frames beyond the simulator's answer, an uncached range's key to painted (median of ${rounds} rounds)`,
      UNCACHED_RANGE_BUDGET_FRAMES,
      beyond,
    ),
    metric(
      'renderer.history.uncachedRangeMs',
      rounds,
      medianOf((each) => each.whole),
      `ms key to painted, the simulator's answer included`,
      null,
    ),
    metric(
      'renderer.history.simAnswerMs',
      rounds,
      medianOf((each) => each.answer),
      'ms, the simulator answering a range',
      null,
    ),
  ]
}
