import type { AppCore } from '../../src/main/core/app/app-core'
import { realClock } from '../../src/main/core/clock'
import { accountForBaseUrl, MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import type { ServiceReadings } from '../../src/main/sim/market/service-bodies'
import { startSimServer, type SimServer } from '../../src/main/sim/server/server'
import type { SettingsPatch } from '../../src/shared/settings'
import type { TransactionInput } from '../../src/shared/holdings'
import { startHarness, type Harness, type HarnessOptions } from './harness'

/**
 * Live mode against a simulator the test runs itself, on a shifted clock: the simulator, the core
 * and the page all agree it is `marketTime` (then time runs on), so prices move and the session
 * is known whatever day the tests run on. The demo simulator follows the real clock, and on a
 * weekend its prices stand still.
 */

/** 11:32:10 ET on Tuesday 17 November 2026: the regular session is running. */
export const TUESDAY_LATE_MORNING = Date.UTC(2026, 10, 17, 16, 32, 10)
export const LIVE_API_KEY = 'sim-live-key-7f3a9c21d4e8'

/** A `beforeStart` hook that saves settings (a base URL, cadences, extra symbols) before start. */
export function withSettings(
  patch: SettingsPatch,
  extraSymbols: readonly string[] = [],
): (core: AppCore) => Promise<void> {
  return async (core) => {
    await core.settings.load()
    await core.settings.patch(patch)
    for (const symbol of extraSymbols) await core.settings.addSymbol(symbol)
  }
}

export interface LiveHarnessOptions extends Omit<HarnessOptions, 'coreOptions' | 'clock' | 'beforeStart'> {
  marketTime?: number
  assets?: number
  settings?: SettingsPatch
  extraSymbols?: readonly string[]
  /** Entered in the ledger before start (as the CLI or the ledger dialog would). */
  transactions?: readonly TransactionInput[]
  /** Watched before start (as `tokenwatch wallet add` would): read at start like the user's. */
  wallets?: readonly { address: string; label: string }[]
  /** How the simulator's endpoints beyond the spec read (off-hours, a closed market's capacity, a halt). */
  readings?: Partial<ServiceReadings>
  /** The simulator serves only the spec's five endpoints. */
  specOnly?: boolean
  /** Stream prices from the simulator's gRPC port (the Streaming address setting); default: polled only. */
  stream?: boolean
}

export interface LiveHarness extends Harness {
  sim: SimServer
  /**
   * Moves the market's clock (the simulator's, the core's and the page's) forward at once, as if
   * `ms` had passed: prices walk that far at the next poll. The page's timers due in between fire
   * once, as after a sleep.
   */
  advanceMarket(ms: number): Promise<void>
}

export async function startLiveHarness(options: LiveHarnessOptions): Promise<LiveHarness> {
  let offset = Date.now() - (options.marketTime ?? TUESDAY_LATE_MORNING)
  const marketNow = () => Date.now() - offset
  const sim = await startSimServer({
    apiKey: LIVE_API_KEY,
    port: 0,
    assets: options.assets ?? 60,
    seed: 11,
    clock: marketNow,
    readings: options.readings,
    specOnly: options.specOnly,
    // Told to stream from a spec-only service: its gRPC listens and answers UNIMPLEMENTED.
    grpc: options.stream || undefined,
  })
  if (options.specOnly) sim.setSpecOnly(true)
  const keychain = new MemorySecretStore()
  await keychain.set(accountForBaseUrl(sim.url), LIVE_API_KEY)
  try {
    const harness = await startHarness({
      ...options,
      clock: { startAt: marketNow() },
      coreOptions: { keychain, clock: { ...realClock, now: marketNow } },
      beforeStart: async (core) => {
        const streamAddress = options.stream && sim.grpcAddress ? { streamAddress: sim.grpcAddress } : {}
        await withSettings(
          { ...options.settings, ...streamAddress, baseUrl: sim.url },
          options.extraSymbols,
        )(core)
        await core.holdings.load()
        for (const transaction of options.transactions ?? []) await core.holdings.add(transaction)
        await core.wallets.load()
        for (const wallet of options.wallets ?? []) await core.wallets.add(wallet.address, wallet.label)
      },
    })
    return {
      ...harness,
      sim,
      async advanceMarket(ms) {
        offset -= ms
        await harness.page.clock.fastForward(ms)
      },
      async close() {
        await harness.close()
        await sim.close()
      },
    }
  } catch (error) {
    await sim.close()
    throw error
  }
}
