import { describe, expect, it } from 'vitest'
import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { openWallets, watchWallet, withOneCaseFlipped } from './wallet-steps'

/**
 * Settings > Wallets (issue 48) against the simulator on a fixed Tuesday: watch-only said, an
 * address refused in words under the field, a wallet added, listed and removed, wallets.json kept.
 */

const harnesses = harnessPerTest<LiveHarness>()

describe('Settings > Wallets', () => {
  it('says it is watch-only, refuses a checksum typo in words, adds and removes a wallet', async () => {
    const { page, core } = await harnesses.open((browser) => startLiveHarness({ browser, viewport: { width: 1280, height: 900 } }))
    const section = await openWallets(page)
    await section.getByText('No wallets watched yet.').waitFor()
    await expect(section.textContent()).resolves.toContain('never asks for a private key or a seed phrase')

    await watchWallet(section, withOneCaseFlipped(DEMO_WALLETS.cold))
    await section.getByText(/do not match the address's checksum \(EIP-55\)/).waitFor()
    await expect(section.getByLabel('Address').getAttribute('aria-invalid')).resolves.toBe('true')

    await watchWallet(section, DEMO_WALLETS.cold.toLowerCase(), 'Cold')
    await section.getByRole('list', { name: 'Watched wallets' }).getByText('Cold').waitFor()
    expect(core.wallets.content().wallets.map((wallet) => wallet.address)).toEqual([DEMO_WALLETS.cold])

    await section.getByRole('button', { name: 'Stop watching Cold' }).click()
    await section.getByText('No wallets watched yet.').waitFor()
    expect(core.wallets.content().wallets).toEqual([])
  })
})
