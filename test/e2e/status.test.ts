import { afterEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../src/main/core/app/app-core'
import { accountForBaseUrl, MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { startSimServer, type SimServer } from '../../src/main/sim/server/server'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'
import { rowOf, shownOrder, startHarness, type Harness } from './harness'
import { startLiveHarness, withSettings, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { shownSymbols } from '../support/settings'

/** Trust and status: demo mode, stale data, a rejected key, settings that must not be saved. */

const harnesses = harnessPerTest<Harness | LiveHarness>()
let sim: SimServer | null = null

afterEach(async () => {
  await sim?.close()
  sim = null
})

describe('status and trust', () => {
  it('starts in demo mode with prices and a way to add a key', async () => {
    const { page } = await harnesses.open((browser) => startHarness({ browser }))
    expect(await shownOrder(page)).toEqual(shownSymbols(DEFAULT_SETTINGS))
    const demo = page.getByRole('region', { name: 'Demo mode' })
    expect(await demo.textContent()).toContain('Simulated market data')
    await expect
      .poll(() => page.getByRole('status', { name: /Connection/ }).textContent())
      .toContain('Online')
    expect(await rowOf(page, 'AAPLon').locator('.cell-price .num').textContent()).toMatch(
      /^\d{1,3}(,\d{3})*\.\d{2,4}$/,
    )

    await demo.getByRole('button', { name: 'Add API key' }).click()
    await page.getByRole('dialog', { name: 'Settings' }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key-input')
    expect(await page.getByRole('dialog').textContent()).toContain('No key stored')
  })

  it('marks rows stale, with their age, once the simulator stops answering', async () => {
    // A fixed Tuesday morning on a shifted clock, and a cadence long enough that a busy machine
    // does not make fresh rows look stale: staleness comes only when the test moves time on.
    const { page, sim, advanceMarket } = await harnesses.open((browser) =>
      startLiveHarness({ browser, settings: { cadences: { pricesMs: 10_000 } } }),
    )
    const stale = rowOf(page, 'AAPLon').locator('.stale')
    await expect.poll(() => page.locator('.stale').count(), { timeout: 10_000 }).toBe(0)
    await sim.close()
    // Three cadences of silence: past the threshold of two, whatever the next poll did.
    await advanceMarket(30_000)
    await stale.waitFor({ timeout: 10_000 })
    expect(await stale.textContent()).toMatch(/^stale \d+s$/)
    expect(await page.locator('.stale').count()).toBe(shownSymbols(DEFAULT_SETTINGS).length)
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toMatch(/Cannot reach|not answering/)
    // The last good price stays on screen.
    expect(await rowOf(page, 'AAPLon').locator('.cell-price .num').textContent()).toMatch(/\d/)
  })

  it('says when a rate-limited service will be tried again', async () => {
    const { page, core } = await harnesses.open((browser) =>
      // Polled: a streaming demo asks REST for no prices, so its rate limit would never be met.
      startHarness({
        browser,
        beforeStart: withSettings({ cadences: { pricesMs: 1000 }, streamAddress: 'off' }),
      }),
    )
    core.demoServer?.setFaults({ prices: { rateLimit: 1, retryAfterSeconds: 30 } })
    const alert = page.getByRole('alert')
    await expect
      .poll(() => alert.textContent(), { timeout: 10_000 })
      .toMatch(/rate limited\. Retrying at \d{2}:\d{2}:\d{2} ET\./)
  })

  it('shows skeleton rows until the first snapshot arrives', async () => {
    let release = () => {}
    const snapshotHeld = new Promise<void>((resolve) => (release = resolve))
    const { page } = await harnesses.open((browser) =>
      startHarness({
        browser,
        waitForPrices: false,
        // The page without main's frame (the dev server's); with it, see main-frame.test.ts.
        mainFrame: false,
        // Prices reach the page two ways: the answer to getSnapshot and main's pushes.
        beforeInvoke: (name) => (name === 'getSnapshot' ? snapshotHeld : Promise.resolve()),
        beforeEmit: (event) => (event === 'snapshot' || event === 'delta' ? snapshotHeld : Promise.resolve()),
      }),
    )
    const grid = page.getByRole('grid', { name: 'Watchlist' })
    await grid.waitFor()
    expect(await grid.getAttribute('aria-busy')).toBe('true')
    expect(await page.locator('.skeleton-row').count()).toBeGreaterThan(0)
    release()
    await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
    expect(await grid.getAttribute('aria-busy')).toBe('false')
    expect(await page.locator('.skeleton-row').count()).toBe(0)
  })

  it('says why a row has no data when the service does not list its symbol', async () => {
    const { page } = await harnesses.open((browser) =>
      startHarness({ browser, beforeStart: withSettings({}, ['ZZZZon']) }),
    )
    const problem = rowOf(page, 'ZZZZon').locator('.cell-problem')
    await problem.waitFor()
    expect(await problem.textContent()).toContain('Not listed by the service')
    expect(await problem.getAttribute('title')).toContain('ASSET_NOT_FOUND')
    expect(await rowOf(page, 'ZZZZon').getAttribute('aria-busy')).toBeNull()
    // The other rows have their prices, and no banner blames the service.
    expect(await rowOf(page, 'AAPLon').locator('.cell-price .num').textContent()).toMatch(/\d/)
    expect(await page.getByRole('alert').count()).toBe(0)
  })

  it('points to the settings when the base URL does not lead to the API', async () => {
    const key = 'right-key-0123456789'
    const liveSim = await startSimServer({ apiKey: key, port: 0, assets: 40, seed: 3 })
    sim = liveSim
    // A natural slip: the base URL with the API's /v1 on the end, so every path is /v1/v1/...
    const baseUrl = `${liveSim.url}/v1`
    const keychain = new MemorySecretStore()
    await keychain.set(accountForBaseUrl(baseUrl), key)
    const { page } = await harnesses.open((browser) =>
      startHarness({
        browser,
        coreOptions: { keychain },
        beforeStart: withSettings({ baseUrl }),
        waitForPrices: false,
      }),
    )
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('Check the base URL')
    await alert.getByRole('button', { name: 'Open settings' }).click()
    await page.getByRole('dialog', { name: 'Settings' }).waitFor()
  })

  it('shows the empty state when the watchlist is empty', async () => {
    const emptyWatchlist = async (core: AppCore) => {
      await core.settings.load()
      for (const symbol of shownSymbols(DEFAULT_SETTINGS)) await core.settings.removeSymbol(symbol)
    }
    const { page } = await harnesses.open((browser) =>
      startHarness({ browser, beforeStart: emptyWatchlist, waitForPrices: false }),
    )
    const empty = page.getByRole('status').filter({ hasText: 'Your watchlist is empty' })
    await empty.waitFor()
    expect(await empty.textContent()).toContain('Add symbol or press /')
  })

  it('explains a rejected key and takes a replacement', async () => {
    const rightKey = 'right-key-0123456789'
    const liveSim = await startSimServer({ apiKey: rightKey, port: 0, assets: 40, seed: 3 })
    sim = liveSim
    const { page } = await harnesses.open((browser) =>
      startHarness({ browser, beforeStart: withSettings({ baseUrl: liveSim.url }) }),
    )
    await page.getByRole('button', { name: 'Add API key' }).click()
    await page.getByLabel('Key', { exact: true }).fill('wrong-key-0000')
    await page.getByRole('button', { name: 'Save key' }).click()
    await page.getByText('ending in 0000').waitFor()
    await page.keyboard.press('Escape')

    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('rejected the API key')
    await alert.getByRole('button', { name: 'Replace key' }).click()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key-input')
    await page.keyboard.type(rightKey)
    await page.getByRole('dialog').getByRole('button', { name: 'Replace key' }).click()
    await page.getByText('ending in 6789').waitFor()
    await page.keyboard.press('Escape')
    await alert.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => page.getByRole('status', { name: /Connection/ }).textContent()).toBe('Online')
    expect(await page.getByRole('region', { name: 'Demo mode' }).count()).toBe(0)

    // Keys are kept per service: another base URL has none, and back again the key is there.
    const settingsAt = async (baseUrl: string) => {
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await page.getByLabel('Base URL').fill(baseUrl)
      await page.getByRole('button', { name: 'Save settings' }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      const text = await page.getByRole('dialog').textContent()
      await page.keyboard.press('Escape')
      return text
    }
    expect(await settingsAt('http://127.0.0.1:9')).toContain('No key stored')
    expect(await settingsAt(liveSim.url)).toContain('ending in 6789')
  })

  it('refuses invalid settings inline and saves nothing', async () => {
    const { page, core } = await harnesses.open((browser) => startHarness({ browser }))
    const saved = core.settings.get()
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const baseUrl = page.getByLabel('Base URL')
    await baseUrl.fill('http://quotes.example.com')
    await page.getByLabel('Prices every (s)').fill('0.2')
    await page.getByLabel('Light').check()
    await page.getByRole('button', { name: 'Save settings' }).click()

    expect(await baseUrl.getAttribute('aria-invalid')).toBe('true')
    const baseUrlError = await baseUrl.getAttribute('aria-describedby')
    expect(await page.locator(`#${baseUrlError}`).textContent()).toContain(
      'Plain http:// is allowed only to this computer',
    )
    expect(await page.getByRole('alert').allTextContents()).toContain('Must be 1 to 300 seconds')
    expect(core.settings.get()).toEqual(saved)
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')

    await baseUrl.fill('https://api.example.com/')
    await page.getByLabel('Prices every (s)').fill('2')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(core.settings.get()).toMatchObject({
      baseUrl: 'https://api.example.com',
      theme: 'light',
      cadences: { pricesMs: 2000 },
    })
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
  })
})
