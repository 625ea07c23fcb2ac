import type { HistoryRange, HistorySeries } from '../../src/shared/history'
import type { IpcResult } from '../../src/shared/ipc-contract'
import { rowOf } from './harness'
import { type LiveHarness, type LiveHarnessOptions, startLiveHarness } from './live-sim'

/**
 * A live harness whose `getHistory` is answered from fixtures (test/support/history-fixtures.ts)
 * in the core's place, each request counted: the chart's tests, its screenshots and the bench see
 * exactly the history they chose, and whether the page asked for it.
 */

export interface HistoryHarness extends LiveHarness {
  /** Every `getHistory` the page made, in order. */
  requests: Array<{ symbol: string; range: HistoryRange }>
}

export type HistorySource = (symbol: string, range: Exclude<HistoryRange, '1d'>) => HistorySeries | null

export async function startHistoryHarness(
  options: LiveHarnessOptions & { histories: HistorySource },
): Promise<HistoryHarness> {
  const requests: HistoryHarness['requests'] = []
  const harness = await startLiveHarness({
    ...options,
    answer: (name, args) => {
      if (name !== 'getHistory') return undefined
      const { symbol, range } = args as { symbol: string; range: Exclude<HistoryRange, '1d'> }
      requests.push({ symbol, range })
      const series = options.histories(symbol, range)
      const answer: IpcResult<HistorySeries> = series
        ? { ok: true, value: series }
        : { ok: false, error: { code: 'unavailable', message: 'The service has no history for it' } }
      return answer
    },
  })
  return { ...harness, requests }
}

/**
 * Opens `symbol`'s detail from its row and waits, with room for a busy machine, until its history chart has
 * laid out its time labels.
 */
export async function openHistoryChart(harness: HistoryHarness, symbol: string): Promise<void> {
  const { page } = harness
  await rowOf(page, symbol).click()
  await page.keyboard.press('Enter')
  await page.locator('.chart-history .chart-tick').first().waitFor({ timeout: 120_000 })
}
