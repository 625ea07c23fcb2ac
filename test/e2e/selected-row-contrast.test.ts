import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { rowOf, startHarness } from './harness'
import { heldPushes, pushUntilShown } from './held-pushes'
import { withSettings } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * The selected row's up and down figures meet WCAG AA contrast on the selected row's background,
 * in both themes. The market does not decide the test: the rows' changes are set by the test (one
 * row down, one up) and main's pushes are held while axe looks, on a fixed Tuesday.
 */

const TUESDAY_NOON = Date.UTC(2026, 10, 17, 17, 0)
const harnesses = harnessPerTest()

async function contrastViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('.grid').withRules(['color-contrast']).analyze()
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  )
}

for (const theme of ['dark', 'light'] as const) {
  describe(`selected row contrast (${theme} theme)`, () => {
    it('keeps the red and green figures of the selected row readable', async () => {
      const pushes = heldPushes()
      const harness = await harnesses.open((browser) =>
        startHarness({
          browser,
          clock: { fixedAt: TUESDAY_NOON },
          beforeStart: withSettings({ theme }),
          beforeEmit: pushes.beforeEmit,
        }),
      )
      const { page } = harness
      try {
        pushes.hold()
        const coloured = (symbol: string) =>
          rowOf(page, symbol).locator('.cell-changePct24h .down, .cell-changePct24h .up')
        await pushUntilShown(
          page,
          [
            { symbol: 'NVDAon', fields: { change24h: '-5.2900', changePct24h: '-2.9300' } },
            { symbol: 'TSLAon', fields: { change24h: '15.6649', changePct24h: '3.8800' } },
          ],
          async () => (await coloured('NVDAon').count()) + (await coloured('TSLAon').count()) === 2,
        )
        for (const symbol of ['NVDAon', 'TSLAon']) {
          const row = rowOf(page, symbol)
          await row.click()
          await expect.poll(() => row.getAttribute('aria-selected')).toBe('true')
          // The figures are coloured (the test would prove nothing on grey text).
          expect(await coloured(symbol).count()).toBe(1)
          expect(await contrastViolations(page)).toEqual([])
        }
      } finally {
        pushes.release()
      }
    })
  })
}
