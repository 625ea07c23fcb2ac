import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { RENDERER_DIR } from './static-server'

/**
 * The trader's first T on the watchlist, once the page has loaded the ledger's chunk while idle
 * (shell/App.tsx, usePreloadedChunks), in real Chromium against a real AppCore on a fixed Tuesday
 * (11:32 ET, 17 November 2026). React.lazy alone suspended that first render even so, and React's
 * fallback throttle held the dialog back about 300 ms (the bench's first press read 336 ms).
 */

const harnesses = harnessPerTest<LiveHarness>()

describe('the ledger dialog at the first T', () => {
  it('is open in the DOM before the page runs its next task, with the focus inside it', async () => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 1280, height: 760 } }),
    )
    await page.locator('[role="row"][data-symbol]').first().waitFor()
    const chunk = readdirSync(join(RENDERER_DIR, 'assets')).find((name) =>
      /^LedgerDialog-[\w-]+\.js$/.test(name),
    )
    expect(chunk).toBeDefined()
    // A string, which the test runner leaves as it is (it rewrites a dynamic import in a function).
    const opened: unknown = await page.evaluate(`(async () => {
      // The page asked for its dialogs' chunks in an idle callback queued once the rows were in:
      // this one runs after it. The page's import of the chunk settles before this one (the same
      // module, asked earlier), and a task later its preload has kept the component.
      await new Promise((resolve) => requestIdleCallback(resolve))
      await import('/assets/${chunk}')
      await new Promise((resolve) => setTimeout(resolve, 0))
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 't', bubbles: true }))
      // React renders a key's update in a microtask of the key's own task.
      await Promise.resolve()
      const dialog = document.querySelector('dialog.ledger-dialog')
      return { open: dialog?.open ?? false, focusInside: dialog?.contains(document.activeElement) ?? false }
    })()`)
    expect(opened).toEqual({ open: true, focusInside: true })
  })
})
