import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'
import { shootEachDayAndWidth } from './day-width-shots'
import { RECONCILED_LEDGER, RECONCILED_WALLETS, showReconciliation } from './wallet-steps'

/**
 * The Holdings tab reconciled with three watched wallets (issue 48, item 4): AAPLon matching across
 * two own wallets, NVDAon's sale missing from the ledger with its offers, TSLAon held in Phantom
 * and never entered, an unlisted token. On a fixed
 * Tuesday late morning and a fixed Saturday, at 360 and 1280 px.
 * `npx tsx test/e2e/holdings-reconciled-shots.ts` writes docs/screenshots/holdings-reconciled-*.png.
 */
void shootEachDayAndWidth(
  [360, 1280],
  (width) => ({
    viewport: { width, height: 860 },
    transactions: RECONCILED_LEDGER,
    wallets: [...RECONCILED_WALLETS, { address: DEMO_WALLETS.phantom, label: 'Phantom' }],
  }),
  async ({ page, day, width, save }) => {
    await showReconciliation(page)
    await save(`holdings-reconciled-${day}-${width}.png`)
  },
)
