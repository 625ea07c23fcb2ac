import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, rowOf, startHarness, unexpectedErrors, type Harness } from './harness'
import { assertRendererBuilt } from './static-server'

/** axe finds no serious or critical violation in the main views, dark and light. */

let browser: Browser
let harness: Harness

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  harness = await startHarness({ browser })
})
afterAll(async () => {
  expect(unexpectedErrors(harness)).toEqual([])
  await harness?.close()
  await browser?.close()
})

/** The serious and critical violations, each with the elements at fault, for a readable failure. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze()
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
}

describe('accessibility', () => {
  it('has no serious or critical violation in the main views (dark theme)', async () => {
    const { page } = harness
    expect(await violations(page)).toEqual([])

    await rowOf(page, 'NVDAon').click()
    await page.keyboard.press('Enter')
    await page.getByRole('complementary').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.keyboard.press('/')
    await page.keyboard.type('a')
    await page.getByRole('listbox').getByRole('option').first().waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('dialog').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.keyboard.press('?')
    await page.getByRole('dialog').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
  })

  it('has no serious or critical violation in the light theme (colour contrast above all)', async () => {
    const { page } = harness
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByLabel('Light').check()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await violations(page)).toEqual([])
    await rowOf(page, 'NVDAon').click()
    await page.keyboard.press('Enter')
    await page.getByRole('complementary').waitFor()
    expect(await violations(page)).toEqual([])
  })

  it('has no serious or critical violation in the ticker-only strip', async () => {
    const { page } = harness
    await page.getByRole('button', { name: 'Ticker only' }).click()
    await page.getByRole('button', { name: 'Show the full window' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByRole('button', { name: 'Show the full window' }).click()
  })
})
