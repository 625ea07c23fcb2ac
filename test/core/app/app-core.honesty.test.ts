import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import type { AppCoreOptions } from '../../../src/main/core/app/app-core-options'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'
import { cleanupAfterEach } from '../../support/cleanups'

/** What the core says about its data must be true: unreadable answers are not "online". */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-honesty-')

async function startCore(options: Partial<AppCoreOptions> = {}) {
  const userDataDir = tempDir()
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 40, seed: 7 }),
    requestTimeoutMs: 3_000,
    ...options,
  })
  cleanups.push(() => core.stop())
  await core.start()
  return core
}

async function until<T>(probe: () => T | undefined | null | false, what: string, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('AppCore: answers that cannot be read', () => {
  it('does not call the service online when every record of its answers is invalid', async () => {
    const core = await startCore({
      demo: simDemoMarket({ assets: 40, seed: 7, faults: { prices: { badRecords: 1 } } }),
    })
    const status = await until(() => core.status().endpoints.prices.lastError && core.status(), 'an error')
    expect(status.endpoints.prices.lastError?.kind).toBe('invalid-response')
    // The validator's words are kept for the details, the time of the last data does not move.
    expect(status.endpoints.prices.lastError?.message).toMatch(/could be read \(.+\)/)
    expect(status.endpoints.prices.lastSuccessAt).toBeNull()
    expect(status.connection).not.toBe('online')
    // Each row knows its own record was unreadable.
    const errors = core.currentSnapshot().errors
    expect(errors.filter((error) => error.code === 'INVALID_RECORD').map((error) => error.scope)).toContain(
      'AAPLon',
    )
  })
})
