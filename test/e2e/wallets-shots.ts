import { join } from 'node:path'
import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'
import { startSimNode } from '../../src/main/sim/server/sim-node'
import { launchBrowser } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'
import { openWallets, RECONCILED_LEDGER, watchWallet, withOneCaseFlipped } from './wallet-steps'

/**
 * Settings > Wallets (issue 48) with three wallets watched, a Solana node of one's own named,
 * their balances read against a ledger that lacks a sale, and a checksum typo refused under the
 * field, on a fixed Tuesday late morning and a fixed Saturday, at 360 and 1280 px.
 * `npx tsx test/e2e/wallets-shots.ts` writes docs/screenshots/wallets-settings-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
const DAYS = { tuesday: TUESDAY_LATE_MORNING, saturday: SATURDAY }
async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of Object.entries(DAYS))
      for (const width of [360, 1280]) {
        // The header's Settings button shows at full width: open there, then narrow the window.
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width: 1280, height: 900 },
          transactions: RECONCILED_LEDGER,
        })
        const node = await startSimNode({ holdings: harness.sim.wallets, chain: 'solana' })
        try {
          const { page } = harness
          const section = await openWallets(page)
          // Tall enough for the whole section, so the status bar does not lie over it.
          await page.setViewportSize({ width, height: 1400 })
          await watchWallet(section, DEMO_WALLETS.cold, 'Ledger cold')
          await section.getByText('Ledger cold', { exact: true }).waitFor()
          await watchWallet(section, DEMO_WALLETS.hot, 'Hot')
          await section.getByText('Hot', { exact: true }).waitFor()
          await watchWallet(section, DEMO_WALLETS.phantom, 'Phantom')
          await section.getByText('Phantom', { exact: true }).waitFor()
          await section.getByLabel('Solana node URL').fill(node.url)
          await section.getByRole('button', { name: 'Use node for Solana' }).click()
          await section.getByRole('button', { name: 'Stop using your Solana node' }).waitFor()
          await section.getByRole('button', { name: /^Read balances/ }).click()
          await section.getByRole('table', { name: 'Ledger against wallets' }).waitFor()
          await watchWallet(section, withOneCaseFlipped(DEMO_WALLETS.hot), 'Hot again')
          await section.getByText(/checksum/).waitFor()
          await section.scrollIntoViewIfNeeded()
          await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
          const name = `wallets-settings-${day}-${width}.png`
          // With the dialog's margin around it: a shot cut at the section's own edges showed the fields
          // and buttons flush against the picture's edge, as if clipped, where the window shows them whole.
          const box = await section.boundingBox()
          if (!box) throw new Error('the Wallets section is not on screen')
          const margin = { x: Math.min(16, box.x), y: Math.min(8, box.y) }
          await page.screenshot({
            path: join(OUT, name),
            clip: {
              x: box.x - margin.x,
              y: box.y - margin.y,
              width: box.width + 2 * margin.x,
              height: box.height + 2 * margin.y,
            },
          })
          console.log(`wrote ${name}`)
        } finally {
          await harness.close()
          await node.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
