import { readFile } from 'node:fs/promises'
import path from 'node:path'
import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import { WALLET_READ_EVERY_MS } from '../../../src/main/core/wallets/wallet-watch'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { DEMO_WALLETS } from '../../../src/main/sim/market/wallet-holdings'
import { startSimServer } from '../../../src/main/sim/server/server'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'
import type { AlertEvent } from '../../../src/shared/ipc-contract'
import type { WalletBalancesView } from '../../../src/shared/wallets'
import { cleanupAfterEach } from '../../support/cleanups'
import { manualClock } from '../../support/manual-clock'

/**
 * The watched wallets in AppCore (issue 48, items 2, 5 and 8), over real HTTP to the simulator on
 * a manual clock from Tuesday 17 November 2026, 10:30 ET: read when added and every 5 minutes while
 * the window is shown, not while hidden; a balance that moves notified with the wallet's label, the
 * token and the change; no log line or alert carrying more of an address than its last 4 characters.
 * In demo mode (from 09:57 ET that Tuesday), the demo hot wallet's own 10:00 trade notified.
 */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-wallets-core-')
const KEY = 'wallets-core-key-4821'
const TUESDAY = Date.parse('2026-11-17T10:30:00-05:00')

async function started() {
  const time = manualClock(TUESDAY)
  const sim = await startSimServer({ apiKey: KEY, assets: 60, seed: 7, clock: () => time.clock.now })
  cleanups.push(() => sim.close())
  const app = await startedCore(time)
  await app.core.invoke('updateSettings', { baseUrl: sim.url })
  await app.core.invoke('setKey', { key: KEY })
  return { ...app, sim, time }
}

/** An AppCore on the manual clock (in demo mode when given a demo market), its readings and alerts kept. */
async function startedCore(time: ReturnType<typeof manualClock>, demo?: ReturnType<typeof simDemoMarket>) {
  const logged: string[] = []
  const userDataDir = tempDir()
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain: new MemorySecretStore(),
    ...(demo ? { demo } : {}),
    clock: time.scheduler,
    log: (text) => logged.push(text),
  })
  cleanups.push(() => core.stop())
  const readings: WalletBalancesView[] = []
  const alerts: AlertEvent[] = []
  core.on('walletBalances', (view) => readings.push(view))
  core.on('alert', (event) => alerts.push(event))
  await core.start()
  return { core, logged, readings, alerts, until: untilOn(time), userDataDir }
}

/**
 * Runs the timers due at `at` and waits until `probe` holds: bounded (a minute) so a run that
 * never gets there ends, and that long so a loaded host's slow HTTP round trip is not a failure.
 */
function untilOn(time: ReturnType<typeof manualClock>) {
  return async (probe: () => boolean, what: string, at = time.clock.now) => {
    time.advanceTo(at)
    for (let i = 0; !probe(); i++) {
      if (i > 6_000) throw new Error(`never: ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}

describe('AppCore: the watched wallets', () => {
  it('reads a wallet when added, every 5 minutes while shown, not hidden or paused', async () => {
    const { core, time, readings, until } = await started()
    await core.invoke('addWallet', { address: DEMO_WALLETS.cold, label: 'Cold' })
    await until(() => readings.some((view) => view.balances.length > 0), 'the reading after the add')
    const afterAdd = readings.length
    await until(
      () => readings.length > afterAdd,
      'the reading 5 minutes on',
      time.clock.now + WALLET_READ_EVERY_MS,
    )
    core.setWindowVisible(false)
    const hidden = readings.length
    time.advanceTo(time.clock.now + 3 * WALLET_READ_EVERY_MS)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(readings).toHaveLength(hidden)
    core.setWindowVisible(true)
    await until(() => readings.length > hidden, 'the reading as the window shows again')
    // Paused by the person: nothing read, however long; resumed, the reading that fell due at once.
    await core.invoke('setPaused', { paused: true })
    const paused = readings.length
    time.advanceTo(time.clock.now + 2 * WALLET_READ_EVERY_MS)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(readings).toHaveLength(paused)
    await core.invoke('setPaused', { paused: false })
    await until(() => readings.length > paused, 'the reading as updates resume')
    expect((await core.invoke('latestWalletBalances', undefined)).ok).toBe(true)
  })

  it('notifies a moved balance with label, token and change; logs no address', async () => {
    const { core, sim, logged, readings, alerts, until, userDataDir } = await started()
    await core.invoke('addWallet', { address: DEMO_WALLETS.cold, label: 'Cold' })
    await core.invoke('addWallet', { address: DEMO_WALLETS.hot, label: 'Hot' })
    await until(() => readings.some((view) => view.read.length === 4), 'both wallets read on both chains')
    // Cold sends 1.25 AAPLon to Hot: two notifications, each wallet's own change.
    sim.wallets.record({ wallet: DEMO_WALLETS.cold, chain: 'ethereum', symbol: 'AAPLon', quantity: '-1.25' })
    sim.wallets.record({ wallet: DEMO_WALLETS.hot, chain: 'ethereum', symbol: 'AAPLon', quantity: '1.25' })
    await core.invoke('readWalletBalances', undefined)
    await until(() => alerts.length >= 2, 'the two notifications')
    const cold = new Decimal('12.5').minus('3.5')
    const hot = new Decimal('3.5')
    expect(alerts.map((event) => event.entry.message).sort()).toEqual([
      `Wallet "Cold": AAPLon on Ethereum -1.25 (${cold.toFixed()} → ${cold.minus('1.25').toFixed()})`,
      `Wallet "Hot": AAPLon on Ethereum +1.25 (${hot.toFixed()} → ${hot.plus('1.25').toFixed()})`,
    ])
    expect(alerts.every((event) => event.entry.kind === 'wallet-balance')).toBe(true)
    // A record the service breaks is dropped and logged once, naming the wallet by label and last 4.
    sim.setFaults({ status: { badRecords: 1 } })
    await core.invoke('readWalletBalances', undefined)
    await core.invoke('readWalletBalances', undefined)
    sim.setFaults({})
    const said = logged.filter((line) => line.startsWith('wallets: '))
    expect(said.length).toBeGreaterThan(0)
    expect(said.join('\n')).toContain(`…${DEMO_WALLETS.cold.slice(-4)}`)
    expect(new Set(said).size).toBe(said.length)
    const alertLog = await readFile(path.join(userDataDir, 'alert-log.json'), 'utf8')
    for (const address of [DEMO_WALLETS.cold, DEMO_WALLETS.hot])
      for (const text of [logged.join('\n'), alertLog, JSON.stringify(alerts)]) {
        expect(text.toLowerCase()).not.toContain(address.toLowerCase())
        expect(text.toLowerCase()).not.toContain(address.slice(2, 12).toLowerCase())
      }
  })

  it('exports the wallets in the JSON only when the window asks for them', async () => {
    const { core } = await started()
    await core.invoke('addWallet', { address: DEMO_WALLETS.hot, label: 'Hot' })
    const exported = async (withWallets?: boolean) => {
      const result = await core.invoke('exportWatchlist', { format: 'json', withWallets })
      if (!result.ok) throw new Error(result.error.message)
      return JSON.parse(result.value.content ?? 'null') as { wallets?: { address: string; label: string }[] }
    }
    expect(await exported()).not.toHaveProperty('wallets')
    expect(await exported(false)).not.toHaveProperty('wallets')
    expect((await exported(true)).wallets?.map((wallet) => [wallet.label, wallet.address])).toEqual([
      ['Hot', DEMO_WALLETS.hot],
    ])
  })

  it("in demo mode, notifies the demo hot wallet's own trade at the reading after a whole hour", async () => {
    // 09:57 ET, no key stored: the demo market, whose hot wallet buys 0.25 NVDAon at 10:00.
    const time = manualClock(Date.parse('2026-11-17T09:57:00-05:00'))
    const { core, readings, alerts, until } = await startedCore(
      time,
      simDemoMarket({ assets: 60, seed: 7, clock: () => time.clock.now }),
    )
    expect(core.demoServer).not.toBeNull()
    const nvdaOnBsc = () =>
      readings.at(-1)?.balances.find((balance) => balance.chain === 'bsc' && balance.token === 'NVDAon')
        ?.balance
    await core.invoke('addWallet', { address: DEMO_WALLETS.hot, label: 'Hot' })
    const before = new Decimal('20.25').minus('4.75')
    await until(() => nvdaOnBsc() === before.toFixed(), 'the reading at 09:57')
    expect(alerts).toEqual([])
    // The next reading, at 10:02, 5 minutes after the whole hour.
    const after = before.plus('0.25')
    await until(() => alerts.length > 0, 'the reading at 10:02', time.clock.now + WALLET_READ_EVERY_MS)
    expect(nvdaOnBsc()).toBe(after.toFixed())
    expect(alerts.map((event) => event.entry.message)).toEqual([
      `Wallet "Hot": NVDAon on BNB Chain +0.25 (${before.toFixed()} → ${after.toFixed()})`,
    ])
  })
})
