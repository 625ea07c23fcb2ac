import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { DEMO_WALLETS, UNLISTED_DEMO_TOKEN } from '../../src/main/sim/market/wallet-holdings'
import { startSimNode } from '../../src/main/sim/server/sim-node'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { openWallets, watchWallet, withOneCaseFlipped } from './wallet-steps'

/**
 * Settings > Wallets (issue 48) against the simulator on a fixed Tuesday: watch-only said, an
 * address refused in words under the field, a wallet added, listed and removed, wallets.json kept.
 */

const harnesses = harnessPerTest<LiveHarness>()
const BOUGHT_AAPL = {
  time: '2026-11-16T10:00:00-05:00',
  symbol: 'AAPLon',
  side: 'buy',
  quantity: '12.5',
  price: '100.10',
} as const

describe('Settings > Wallets', () => {
  it('says it is watch-only, refuses a checksum typo in words, adds and removes a wallet', async () => {
    const { page, core } = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 1280, height: 900 }, transactions: [BOUGHT_AAPL] }),
    )
    const section = await openWallets(page)
    await section.getByText('No wallets watched yet.').waitFor()
    await expect(section.textContent()).resolves.toContain('never asks for a private key or a seed phrase')

    await watchWallet(section, withOneCaseFlipped(DEMO_WALLETS.cold))
    await section.getByText(/do not match the address's checksum \(EIP-55\)/).waitFor()
    await expect(section.getByLabel('Address').getAttribute('aria-invalid')).resolves.toBe('true')

    await watchWallet(section, DEMO_WALLETS.cold.toLowerCase(), 'Cold')
    await section.getByRole('list', { name: 'Watched wallets' }).getByText('Cold').waitFor()
    expect(core.wallets.content().wallets.map((wallet) => wallet.address)).toEqual([DEMO_WALLETS.cold])

    // Read on demand: the service's balances of the demo cold wallet, with their source and time.
    await section.getByRole('button', { name: 'Read balances' }).click()
    const balances = section.getByRole('table', { name: 'Wallet balances' })
    await balances.waitFor()
    await expect(balances.locator('tbody tr').allTextContents()).resolves.toEqual([
      'Cold · EthereumAAPLon9the service',
      `Cold · Ethereumunlisted token ${UNLISTED_DEMO_TOKEN.slice(0, 6)}…42.1the service`,
    ])
    await expect(section.getByRole('status').textContent()).resolves.toMatch(/^Read Nov 17, 11:32:\d\d ET$/)
    // The ledger's 12.5 AAPLon against Cold's 9: the 3.5 moved to Hot, which is not watched, show.
    const missing = new Decimal('9').minus('12.5').toFixed()
    await expect(
      section.getByRole('table', { name: 'Ledger against wallets' }).locator('tbody tr').allTextContents(),
    ).resolves.toEqual([`AAPLon12.59${missing} in the wallets`])

    await section.getByRole('button', { name: 'Stop watching Cold' }).click()
    await section.getByText('No wallets watched yet.').waitFor()
    expect(core.wallets.content().wallets).toEqual([])
  })

  it('says in place that a spec-only service does not publish balances', async () => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({
        browser,
        viewport: { width: 1280, height: 900 },
        specOnly: true,
        wallets: [{ address: DEMO_WALLETS.cold, label: 'Cold' }],
      }),
    )
    const section = await openWallets(page)
    await section.getByRole('button', { name: /^Read balances/ }).click()
    const notes = section.getByRole('list', { name: 'About these balances' })
    await notes.getByText(/^The service does not publish balances/).waitFor({ timeout: 20_000 })
    await expect(notes.textContent()).resolves.toContain('only a node of your own can read the wallets')
    expect(await section.getByRole('table', { name: 'Wallet balances' }).count()).toBe(0)
  })

  it("names a chain's node, refused in words when not a URL, and never shows its URL back", async () => {
    const { page, core, sim } = await harnesses.open((browser) =>
      startLiveHarness({
        browser,
        viewport: { width: 1280, height: 900 },
        wallets: [{ address: DEMO_WALLETS.phantom, label: 'Phantom' }],
      }),
    )
    const node = await startSimNode({ holdings: sim.wallets, chain: 'solana' })
    try {
      const section = await openWallets(page)
      const field = section.getByLabel('Solana node URL')
      await field.fill('ftp://node.example')
      await section.getByRole('button', { name: 'Use node for Solana' }).click()
      await section
        .getByText('A node is an http or https URL, without a user name or password in it.')
        .waitFor()
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true')

      await field.fill(node.url)
      await section.getByRole('button', { name: 'Use node for Solana' }).click()
      await section.getByRole('button', { name: 'Stop using your Solana node' }).waitFor()
      expect(core.wallets.content().nodes).toEqual({ solana: node.url })
      // Named, the balances are read again at once: Phantom's from the node, said as such.
      const balances = section.getByRole('table', { name: 'Wallet balances' })
      await expect
        .poll(() => balances.locator('tbody tr').allTextContents(), { timeout: 20_000 })
        .toEqual(['Phantom · SolanaTSLAon7.123456789your node'])
      // A node's URL may carry a provider's key: the window never gets it back.
      expect(await page.content()).not.toContain(node.url)

      await section.getByRole('button', { name: 'Stop using your Solana node' }).click()
      await section.getByLabel('Solana node URL').waitFor()
      expect(core.wallets.content().nodes).toEqual({})
    } finally {
      await node.close()
    }
  })
})
