import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import type * as SimServerModule from '../../../src/main/sim/server/server'
import type { SimServer } from '../../../src/main/sim/server/server'
import { makeTempDir } from '../storage/storage-helpers'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'

/** Connection changes that overlap (the renderer may send them as fast as it likes) leak nothing. */

const started = vi.hoisted(() => [] as Array<{ server: SimServer; closed: boolean }>)

vi.mock('../../../src/main/sim/server/server', async (importOriginal) => {
  const original = await importOriginal<typeof SimServerModule>()
  return {
    ...original,
    startSimServer: async (...args: Parameters<typeof original.startSimServer>) => {
      const server = await original.startSimServer(...args)
      const record = { server, closed: false }
      started.push(record)
      const close = server.close.bind(server)
      server.close = async () => {
        record.closed = true
        await close()
      }
      return server
    },
  }
})

afterEach(() => {
  started.length = 0
})

describe('AppCore connection changes', () => {
  it('closes every simulator it started, however the changes overlap', async () => {
    const core = new AppCore({
      pollFeed: pollOnThisThread,
      userDataDir: makeTempDir('tw-connection-'),
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 20, seed: 1 }),
    })
    await core.start()
    // "Clear key" twice and a settings save, all at once: one simulator stays, the one in use.
    await Promise.all([
      core.invoke('clearKey', undefined),
      core.invoke('clearKey', undefined),
      core.invoke('updateSettings', { baseUrl: 'https://api.example.test' }),
    ])
    expect(started.length).toBeGreaterThanOrEqual(3)
    expect(started.filter((record) => !record.closed).map((record) => record.server)).toEqual([
      core.demoServer,
    ])
    // Quitting while changes still arrive: nothing is left listening.
    const changing = core.invoke('clearKey', undefined)
    const stopping = core.stop()
    const late = core.invoke('clearKey', undefined)
    await Promise.all([changing, stopping, late])
    expect(started.filter((record) => !record.closed)).toEqual([])
  })
})
