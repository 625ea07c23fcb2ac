import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'
import { DEMO_WALLETS } from '../../../src/main/sim/market/wallet-holdings'
import { startSimServer } from '../../../src/main/sim/server/server'
import type { PortfolioUpdate, ValuedPosition } from '../../../src/shared/holdings'
import { DEFAULT_SETTINGS } from '../../../src/shared/settings'
import type { WalletBalancesView } from '../../../src/shared/wallets'
import { cleanupAfterEach } from '../../support/cleanups'
import { manualClock } from '../../support/manual-clock'

/**
 * The setting that chooses where a position's quantity comes from (issue 48, item 4), in AppCore
 * over real HTTP to the simulator on a manual clock at Tuesday 17 November 2026, 10:30 ET. The
 * demo wallets hold 12.5 AAPLon over Cold and Hot (3.5 moved between them), 15.5 NVDAon in Hot
 * (20.25 bought, 4.75 sold) and 7.123456789 TSLAon in Phantom. The ledger below bought 8.5 AAPLon
 * (the wallets hold 4 more), 20.25 NVDAon (the sale of 4.75 missing) and no TSLAon.
 */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-quantity-source-')
const KEY = 'quantity-source-key-7310'
const TUESDAY = Date.parse('2026-11-17T10:30:00-05:00')
const D = Decimal.clone({ precision: 80 })

const LEDGER = [
  { time: '2026-11-16T10:00:00-05:00', symbol: 'AAPLon', side: 'buy', quantity: '5', price: '100.10' },
  { time: '2026-11-16T10:05:00-05:00', symbol: 'AAPLon', side: 'buy', quantity: '3.5', price: '120.20' },
  { time: '2026-11-16T10:10:00-05:00', symbol: 'NVDAon', side: 'buy', quantity: '20.25', price: '130.15' },
] as const

async function started(userDataDir = tempDir()) {
  const time = manualClock(TUESDAY)
  const sim = await startSimServer({ apiKey: KEY, assets: 60, seed: 7, clock: () => time.clock.now })
  cleanups.push(() => sim.close())
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain: new MemorySecretStore(),
    clock: time.scheduler,
  })
  cleanups.push(() => core.stop())
  const pushes: PortfolioUpdate[] = []
  const readings: WalletBalancesView[] = []
  core.on('portfolio', (update) => pushes.push(update))
  core.on('walletBalances', (view) => readings.push(view))
  await core.start()
  await core.invoke('updateSettings', { baseUrl: sim.url })
  await core.invoke('setKey', { key: KEY })
  for (const transaction of LEDGER) expect((await core.invoke('addTransaction', transaction)).ok).toBe(true)
  /** Waits (bounded) until `probe` holds, the market's clock moving a poll's 5 s every 20 tries. */
  const until = async (probe: () => boolean, what: string) => {
    for (let i = 0; !probe(); i++) {
      if (i > 1000) throw new Error(`never: ${what}`)
      if (i % 20 === 19) time.advanceTo(time.clock.now + 5_000)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
  return { core, pushes, readings, until }
}

function position(update: PortfolioUpdate | undefined, symbol: string): ValuedPosition {
  const found = update?.positions.find((candidate) => candidate.symbol === symbol)
  if (!found) throw new Error(`no position of ${symbol}`)
  return found
}

describe('AppCore: where the quantities come from', () => {
  it('reads an older settings file without the field as the ledger', async () => {
    const userDataDir = tempDir()
    await mkdir(userDataDir, { recursive: true })
    const { quantitySource: _dropped, ...older } = DEFAULT_SETTINGS
    await writeFile(path.join(userDataDir, 'settings.json'), JSON.stringify(older))
    const settings = await new SettingsFile(userDataDir).load()
    expect(settings.quantitySource).toBe('ledger')
    expect(new SettingsFile(userDataDir).problem()).toBeNull()
  })

  it('refuses a value the setting does not have, over IPC, and keeps the one saved', async () => {
    const { core } = await started()
    for (const bad of ['chain', 'Wallets', '', 3, null]) {
      const result = await core.invoke('updateSettings', { quantitySource: bad })
      expect(result.ok, String(bad)).toBe(false)
    }
    const refused = await core.invoke('updateSettings', { quantitySource: 'chain' })
    expect(refused.ok ? '' : refused.error.message).toMatch(/ledger, wallets or wallets-ledger-cost/)
    expect(core.currentSettings().quantitySource).toBe('ledger')
    expect((await core.invoke('updateSettings', { quantitySource: 'wallets' })).ok).toBe(true)
    expect(core.currentSettings().quantitySource).toBe('wallets')
  })

  it('falls back to the ledger, saying so, when no wallet is watched', async () => {
    const { core, pushes } = await started()
    await core.invoke('updateSettings', { quantitySource: 'wallets-ledger-cost' })
    const last = pushes.at(-1)
    expect(last).toMatchObject({
      quantitySource: 'ledger',
      quantityFallback: 'No wallet is watched: quantities from the ledger',
      walletsUnavailable: 'No wallet is watched',
    })
    expect(position(last, 'AAPLon')).toMatchObject({ quantity: '8.5', quantityFrom: 'ledger' })
  })

  it("costs the wallets at the ledger's basis, values them, reconciles with the ledger", async () => {
    const { core, pushes, readings, until } = await started()
    await core.invoke('addWallet', { address: DEMO_WALLETS.cold, label: 'Cold' })
    await core.invoke('addWallet', { address: DEMO_WALLETS.hot, label: 'Hot' })
    await core.invoke('addWallet', { address: DEMO_WALLETS.phantom, label: 'Phantom' })
    const allRead = () => readings.some((view) => view.read.length === 5)
    await until(allRead, 'three wallets read on all their chains')
    await core.invoke('updateSettings', { quantitySource: 'wallets-ledger-cost' })
    // TSLAon, held only in a wallet, is polled so that it has a price.
    await until(() => {
      const last = pushes.at(-1)
      return last?.quantitySource === 'wallets-ledger-cost' && position(last, 'TSLAon').value !== null
    }, 'TSLAon valued')
    const last = pushes.at(-1) as PortfolioUpdate
    expect(last.quantityFallback).toBeNull()
    const prices = new Map(core.currentSnapshot().assets.map((asset) => [asset.symbol, asset.price]))
    const price = (symbol: string) => new D(prices.get(symbol) as string)

    // AAPLon: the wallets hold 12.5, 4 more than the ledger: 8.5 at the ledger's cost, 4 at none.
    const aaplCost = new D('5').times('100.10').plus(new D('3.5').times('120.20'))
    const aapl = position(last, 'AAPLon')
    expect(aapl).toMatchObject({
      quantity: '12.5',
      quantityFrom: 'wallets',
      ledgerQuantity: '8.5',
      uncosted: '4',
    })
    expect(new D(aapl.cost as string).eq(aaplCost)).toBe(true)
    expect(new D(aapl.value as string).eq(price('AAPLon').times('12.5'))).toBe(true)
    const aaplPnl = price('AAPLon').times('8.5').minus(aaplCost)
    expect(new D(aapl.unrealized as string).eq(aaplPnl)).toBe(true)
    // NVDAon: a sale of 4.75 the ledger lacks: 15.5 at the ledger's average cost.
    const nvdaCost = new D('20.25').times('130.15').dividedBy('20.25').times('15.5')
    const nvda = position(last, 'NVDAon')
    expect(nvda).toMatchObject({ quantity: '15.5', uncosted: null })
    expect(new D(nvda.cost as string).toDecimalPlaces(18).eq(nvdaCost.toDecimalPlaces(18))).toBe(true)
    const nvdaPnl = price('NVDAon').times('15.5').minus(nvdaCost)
    // TSLAon: only in Phantom: no cost basis, never a zero cost.
    expect(position(last, 'TSLAon')).toMatchObject({ quantity: '7.123456789', cost: null, unrealized: null })
    expect(
      new D(last.totals.unrealized as string)
        .toDecimalPlaces(16)
        .eq(aaplPnl.plus(nvdaPnl).toDecimalPlaces(16)),
    ).toBe(true)
    const value = price('AAPLon')
      .times('12.5')
      .plus(price('NVDAon').times('15.5'))
      .plus(price('TSLAon').times('7.123456789'))
    expect(new D(last.totals.value as string).toDecimalPlaces(16).eq(value.toDecimalPlaces(16))).toBe(true)

    // The reconciliation still compares the wallets with the ledger, not with the positions.
    const before = readings.length
    await core.invoke('readWalletBalances', undefined)
    await until(() => readings.length > before, 'a fresh reading')
    const aaplRow = readings.at(-1)?.reconciliation.find((entry) => entry.symbol === 'AAPLon')
    expect(aaplRow).toMatchObject({ ledgerQuantity: '8.5', walletQuantity: '12.5', difference: '4' })

    // Quantities from the wallets alone: no cost basis, no P&L at cost, said rather than zero.
    await core.invoke('updateSettings', { quantitySource: 'wallets' })
    const walletsOnly = pushes.at(-1) as PortfolioUpdate
    expect(walletsOnly.quantitySource).toBe('wallets')
    expect(position(walletsOnly, 'AAPLon')).toMatchObject({ quantity: '12.5', cost: null, unrealized: null })
    expect(walletsOnly.totals).toMatchObject({ cost: null, unrealized: null })
  })
})
