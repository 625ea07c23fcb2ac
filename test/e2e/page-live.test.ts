import { describe, expect, it } from 'vitest'
import { LIVE_PRICED_ROW, startHarness, type Harness } from './harness'
import { holdAppScript, MAIN_FRAME_PRICED_ROW } from './hold-app-script'
import { harnessPerTest } from './per-test'

/**
 * The page's app loads after main's first frame is painted (src/renderer/main.tsx). Until it is
 * live, the frame on screen is main's, inert: a key pressed then is held and acted on once the app
 * is live, and the page tells main when it is live (once per load), so main can send what it held.
 */

const harnesses = harnessPerTest<Harness>()
const ET_1100_WEDNESDAY = Date.UTC(2026, 10, 18, 16, 0)
const ET_1100_SATURDAY = Date.UTC(2026, 10, 21, 16, 0)
describe('the page before its app is live', () => {
  for (const [day, fixedAt] of [
    ['a weekday', ET_1100_WEDNESDAY],
    ['a Saturday', ET_1100_SATURDAY],
  ] as const) {
    it(`acts on a key pressed on a just-reloaded page before the app's script ran (${day})`, async () => {
      const { page } = await harnesses.open((browser) => startHarness({ browser, clock: { fixedAt } }))
      const held = await holdAppScript(page)
      await page.reload({ waitUntil: 'commit' })
      await held.requested
      await page.locator(MAIN_FRAME_PRICED_ROW).first().waitFor()
      // 'a' shows the alerts panel: pressed on main's inert frame, before any of the app has run.
      await page.keyboard.press('a')
      expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(true)

      held.release()
      await page.locator(LIVE_PRICED_ROW).first().waitFor()
      // Shown once (a key acted on twice would show the panel and hide it again).
      await page.getByRole('complementary', { name: 'Alerts' }).waitFor({ timeout: 15_000 })
      expect(await page.getByRole('complementary', { name: 'Alerts' }).count()).toBe(1)
    })
  }

  it('tells main it is live once per load, after its first commands, and again after a reload', async () => {
    const asked: string[] = []
    const { page } = await harnesses.open((browser) =>
      startHarness({
        browser,
        clock: { fixedAt: ET_1100_WEDNESDAY },
        afterInvoke: async (name) => void asked.push(name),
      }),
    )
    await expect.poll(() => asked.filter((name) => name === 'pageLive').length).toBe(1)
    // The page subscribed and asked for main's state before it said it was live.
    expect(asked.indexOf('getSnapshot')).toBeLessThan(asked.indexOf('pageLive'))
    await page.reload()
    await page.locator(LIVE_PRICED_ROW).first().waitFor()
    await expect.poll(() => asked.filter((name) => name === 'pageLive').length).toBe(2)
  })
})
