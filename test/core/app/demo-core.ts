import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import { realClock } from '../../../src/main/core/clock'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'

/** An AppCore on the demo simulator (30 assets) at a fixed instant, stopped by the test's cleanups. */
export async function startDemoCore(options: {
  userDataDir: string
  now: number
  cleanups: Array<() => Promise<void> | void>
  requestTimeoutMs?: number
}) {
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir: options.userDataDir,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 30, seed: 7 }),
    requestTimeoutMs: options.requestTimeoutMs ?? 3_000,
    clock: { ...realClock, now: () => options.now },
  })
  options.cleanups.push(() => core.stop())
  await core.start()
  return { core, userDataDir: options.userDataDir }
}
