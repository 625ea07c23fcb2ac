import type { Page } from 'playwright-core'

/** A string only the script that starts the app holds (start-app.tsx; before it, the page's entry). */
const APP_START_MARKER = 'index.html has no #root element'

/** Main's frame on screen, inert: the page's app has not rendered over it yet. */
export const MAIN_FRAME_PRICED_ROW = '#root[inert] [role="row"][data-symbol] .cell-price .num'

/**
 * Holds the script that starts the app until `release`; `requested` settles once the page has
 * asked for it (the page's entry has run by then, and main's frame is being shown).
 */
export async function holdAppScript(page: Page): Promise<{ requested: Promise<void>; release(): void }> {
  let arrived = () => {}
  const requested = new Promise<void>((resolve) => (arrived = resolve))
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes(APP_START_MARKER)) {
      arrived()
      await released
    }
    await route.fulfill({ response, body })
  })
  return { requested, release }
}
