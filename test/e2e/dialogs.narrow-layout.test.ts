import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { rowOf } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * The alert editor's and the settings' toggles sit beside their labels, and no select cuts its
 * choice, at 360 px and at 1280 px (a fixed Tuesday against the simulator).
 */

const harnesses = harnessPerTest<LiveHarness>()

/**
 * Toggles whose box is far from its label (a stretched checkbox), and selects too narrow for their choice.
 */
function dialogProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const dialog = document.querySelector('dialog[open]')
    for (const label of dialog?.querySelectorAll<HTMLLabelElement>('label.toggle') ?? []) {
      const box = label.querySelector('input')?.getBoundingClientRect()
      const text = document.createRange()
      text.selectNodeContents(label.lastChild ?? label)
      const gap = text.getBoundingClientRect().left - (box?.right ?? 0)
      if (gap > 16) problems.push(`"${label.textContent}": ${Math.round(gap)} px from its box`)
    }
    const measure = document.createElement('canvas').getContext('2d')
    for (const select of dialog?.querySelectorAll('select') ?? []) {
      const style = getComputedStyle(select)
      if (!measure) break
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const choice = select.selectedOptions[0]?.textContent ?? ''
      // Its text, its padding and the arrow (about 24 px) must fit in the select.
      const needed = measure.measureText(choice).width + Number.parseInt(style.paddingLeft, 10) + 24
      if (needed > select.clientWidth)
        problems.push(`select "${choice}" cut: ${select.clientWidth} < ${needed}`)
    }
    return problems
  })
}

describe('dialogs at 360 and 1280 px', () => {
  it('keep toggles beside their labels and every select choice whole', async () => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 1280, height: 760 } }),
    )
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width: 1280, height: 760 })
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await page.getByRole('dialog').waitFor()
      await page.setViewportSize({ width, height: 760 })
      expect(await dialogProblems(page), `settings at ${width} px`).toEqual([])
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })

      await rowOf(page, 'NVDAon').click({ button: 'right' })
      await page.getByRole('menuitem', { name: 'Create alert…' }).click()
      await page.getByRole('dialog', { name: 'New alert' }).waitFor()
      expect(await dialogProblems(page), `alert editor at ${width} px`).toEqual([])
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
    }
  }, 120_000)
})
