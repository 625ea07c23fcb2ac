import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkerPollFeed } from '../../src/main/core/feed/worker/worker-poll-feed'
import { rowOf, startHarness, type Harness } from './harness'
import { harnessPerTest } from './per-test'

/**
 * The window while the poll worker is down: it says so, keeps the last prices, and recovers
 * without a touch when the worker is back. The worker is the app's own code, planted to throw on
 * the first "refresh now" (test/support/crash-once-poll-worker.ts); its restart is held back 5 s
 * so that a loaded machine still sees the banner.
 */

const harnesses = harnessPerTest<Harness>()
const CRASHING_WORKER = join(__dirname, '../support/crash-once-poll-worker.ts')
let markerDir: string | null = null

afterEach(() => {
  delete process.env.TOKENWATCH_TEST_CRASH_MARKER
  if (markerDir) rmSync(markerDir, { recursive: true, force: true })
  markerDir = null
})

describe('a poll worker that dies', () => {
  it('is said in the banner with the last prices kept, then the window recovers by itself', async () => {
    markerDir = mkdtempSync(join(tmpdir(), 'tokenwatch-poller-'))
    process.env.TOKENWATCH_TEST_CRASH_MARKER = join(markerDir, 'crashed')
    const { page, core } = await harnesses.open((browser) =>
      startHarness({
        browser,
        viewport: { width: 1280, height: 760 },
        coreOptions: {
          pollFeed: (events) =>
            new WorkerPollFeed(events, {
              script: CRASHING_WORKER,
              execArgv: ['--import', 'tsx'],
              firstRestartDelayMs: 5_000,
            }),
        },
      }),
    )
    const price = rowOf(page, 'AAPLon').locator('.cell-price .num')
    await expect.poll(() => price.textContent(), { timeout: 10_000 }).toMatch(/^\d+\.\d+$/)
    await core.invoke('refreshNow', undefined)
    const alert = page.getByRole('alert')
    await expect
      .poll(() => alert.textContent(), { timeout: 10_000 })
      .toMatch(
        new RegExp(
          String.raw`Price updates stopped unexpectedly \(planted crash\)\. ` +
            String.raw`Showing the last good prices\. Retrying at \d{2}:\d{2}:\d{2} ET\.$`,
        ),
      )
    // The prices shown when the banner came are the last good ones: they stay on screen, and
    // nothing moves them while the worker is down. (Read only now: a poll due just before the
    // crash may still have moved them after the test's first look.)
    const lastGood = await price.textContent()
    expect(lastGood).toMatch(/^\d+\.\d+$/)
    await page.waitForTimeout(1_000)
    expect(await alert.count()).toBe(1)
    expect(await price.textContent()).toBe(lastGood)
    await expect
      .poll(() => page.getByRole('status', { name: /Connection/ }).textContent())
      .toContain('Offline')
    const shots = process.env.TOKENWATCH_SHOTS_DIR
    if (shots) {
      await page.screenshot({ path: join(shots, 'poller-restarting.png') })
      await page.setViewportSize({ width: 400, height: 760 })
      await page.screenshot({ path: join(shots, 'poller-restarting-narrow.png') })
    }
    // Back by itself once the worker restarted and polled: no banner, online again.
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(0)
    await expect
      .poll(() => page.getByRole('status', { name: /Connection/ }).textContent(), { timeout: 10_000 })
      .toContain('Online')
  })
})
