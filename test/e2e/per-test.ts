import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { launchBrowser, unexpectedErrors, type Harness } from './harness'
import { assertRendererBuilt } from './static-server'

/**
 * Registers the hooks for a test file that wants one browser and a fresh harness per test: the
 * harness a test opens is closed after it, once its page is checked for errors (CSP violations,
 * exceptions).
 */
export function harnessPerTest<H extends Harness>(): {
  open<T extends H>(start: (browser: Browser) => Promise<T>): Promise<T>
} {
  let browser: Browser | undefined
  let current: H | null = null
  beforeAll(async () => {
    assertRendererBuilt()
    browser = await launchBrowser()
  })
  afterEach(async () => {
    const harness = current
    current = null
    if (!harness) return
    try {
      expect(unexpectedErrors(harness)).toEqual([])
    } finally {
      await harness.close()
    }
  })
  afterAll(async () => browser?.close())
  return {
    async open<T extends H>(start: (browser: Browser) => Promise<T>): Promise<T> {
      if (!browser) throw new Error('the browser did not start')
      const opened = await start(browser)
      current = opened
      return opened
    },
  }
}
