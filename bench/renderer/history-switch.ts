import type { Page } from 'playwright-core'
import type { HistoryRange } from '../../src/shared/history'
import { historyFixture } from '../../test/support/history-fixtures'
import { type Metric, median, metric, round } from '../report'
import { marketNow } from './market-time'

/**
 * The detail chart's range switch from the renderer's memo to the chart painted, for 1Y and All
 * (the budget: a median of two frames, 33 ms). Each range is shown once first (fetched
 * from the bridge and laid out); then the page switches between them by their keys (6 and 7), as
 * a person does, and times each switch from the key to the frame that painted the new chart.
 */

export const HISTORY_SWITCH_BUDGET_MS = 33

const TIMED: ReadonlyArray<{ range: HistoryRange; key: string; words: string }> = [
  { range: '1y', key: '6', words: '1 year chart' },
  { range: 'all', key: '7', words: 'all time chart' },
]

/**
 * In the page: presses `key` and resolves with the milliseconds until the frame showing the chart
 * whose description starts with `words` was painted (a message posted from that frame's animation
 * callback arrives after its paint; the chart's own drawing, asked for as it got its data, runs in
 * the same frame). May use nothing from outside its body.
 */
export function timeRangeSwitch(args: { key: string; words: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const giveUp = setTimeout(() => reject(new Error(`no ${args.words} within 5 s`)), 5_000)
    const check = () => {
      const label = document.querySelector('.chart-shown .chart-history')?.getAttribute('aria-label') ?? ''
      if (!label.startsWith(args.words)) return requestAnimationFrame(check)
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        clearTimeout(giveUp)
        resolve(performance.now() - started)
      }
      channel.port2.postMessage(null)
    }
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: args.key, bubbles: true }))
    requestAnimationFrame(check)
  })
}

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
  for (const { key, words } of TIMED) await page.evaluate(timeRangeSwitch, { key, words })
  const times: Record<string, number[]> = Object.fromEntries(TIMED.map(({ range }) => [range, []]))
  for (let round = 0; round < rounds; round++)
    for (const { range, key, words } of TIMED)
      times[range]?.push(await page.evaluate(timeRangeSwitch, { key, words }))
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
