import { readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppCore } from '../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { failFsCall, makeTempDir } from '../core/storage/storage-helpers'
import { formatTable } from './table'
import { until } from '../support/polls'
import { shownSymbols } from '../support/settings'
import type { Snapshot } from '../../src/shared/domain'
import { simDemoMarket } from '../../src/main/sim/server/demo-market'

/**
 * Disk faults as the app meets them, through AppCore: a full disk and a read-only folder while a
 * person edits the watchlist, and truncated files at start. SIGKILL during writes, ENOSPC, EROFS
 * and corrupt files at the level of one file are in test/core/storage/*.test.ts; here the
 * question is the app's: nothing saved before is lost, and what could not be saved is reported
 * (in the command's answer and in the status the window shows).
 */

const cores: AppCore[] = []
const figures: Array<[string, string, string]> = []

afterEach(async () => {
  vi.restoreAllMocks()
  for (const core of cores.splice(0)) await core.stop()
})

async function startCore(userDataDir: string): Promise<AppCore> {
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 30 }),
  })
  cores.push(core)
  await core.start()
  return core
}

async function watchlistAfterRestart(userDataDir: string): Promise<string[]> {
  for (const core of cores.splice(0)) await core.stop()
  const core = await startCore(userDataDir)
  return shownSymbols(core.settings.get())
}

describe('a disk that refuses writes while the watchlist is edited', () => {
  it.each([
    ['a full disk', 'write', 'ENOSPC', 'the disk is full (ENOSPC)'],
    ['a read-only folder', 'open', 'EROFS', 'the file system is read-only (EROFS)'],
  ] as const)(
    '%s: the edit is refused with the reason, and what was saved stays',
    async (what, call, code, reason) => {
      const dir = makeTempDir()
      const core = await startCore(dir)
      expect(await core.invoke('addSymbol', { symbol: 'METAon' })).toMatchObject({ ok: true })

      failFsCall(call, code)
      const refused = await core.invoke('addSymbol', { symbol: 'NFLXon' })
      expect(refused).toEqual({
        ok: false,
        error: { code: 'failed', message: expect.stringContaining(reason) },
      })
      expect(core.status().storageProblem).toContain(reason)
      // The app goes on: the watchlist in memory is the one on disk, prices keep coming.
      expect(shownSymbols(core.settings.get())).not.toContain('NFLXon')
      expect((await core.invoke('getSnapshot', undefined)).ok).toBe(true)
      vi.restoreAllMocks()

      const after = await watchlistAfterRestart(dir)
      expect(after).toContain('METAon')
      expect(after).not.toContain('NFLXon')
      if (refused.ok) throw new Error('the edit was not refused')
      figures.push([what, refused.error.message, 'METAon kept'])
    },
  )

  it('the status clears once each file saves again', async () => {
    const core = await startCore(makeTempDir())
    failFsCall('write', 'ENOSPC')
    await core.invoke('addSymbol', { symbol: 'NFLXon' })
    expect(core.status().storageProblem).toMatch(/settings\.json: the disk is full/)
    vi.restoreAllMocks()
    expect(await core.invoke('addSymbol', { symbol: 'NFLXon' })).toMatchObject({ ok: true })
    expect(core.status().storageProblem ?? '').not.toMatch(/settings\.json/)
    await core.stop() // saves the price cache too
    expect(core.status().storageProblem).toBeNull()
  })
})

describe('files cut short (a crash of the disk, not of ours: our writes are atomic)', () => {
  it('a truncated settings file is kept aside, reported, and the app starts on defaults', async () => {
    const dir = makeTempDir()
    const first = await startCore(dir)
    await first.invoke('addSymbol', { symbol: 'METAon' })
    await first.stop()
    cores.splice(0)
    const settingsFile = join(dir, 'settings.json')
    const whole = readFileSync(settingsFile, 'utf8')
    truncateSync(settingsFile, Math.floor(whole.length / 2))

    const core = await startCore(dir)
    const problem = core.status().storageProblem
    expect(problem).toMatch(/moved aside to .*settings\.json\.corrupt-/)
    const aside = readdirSync(dir).find((name) => name.startsWith('settings.json.corrupt-'))
    expect(aside).toBeDefined()
    // Nothing is thrown away: the cut file is there, byte for byte, for whoever wants it back.
    expect(readFileSync(join(dir, aside as string), 'utf8')).toBe(
      whole.slice(0, Math.floor(whole.length / 2)),
    )
    expect((await core.invoke('getSnapshot', undefined)).ok).toBe(true)
    figures.push(['a truncated settings file', problem ?? '', 'moved aside, byte for byte'])
  })

  it('a truncated price cache is set aside and the app starts without it', async () => {
    const dir = makeTempDir()
    const first = await startCore(dir)
    // Prices first, so the cache holds some: loaded, they would show as stale rows at the start.
    await until(() => first.currentSnapshot().assets.every((asset) => asset.price !== null), 'first prices')
    await first.stop()
    cores.splice(0)
    const cacheFile = join(dir, 'last-snapshot.json')
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as Snapshot
    expect(cached.assets.length).toBeGreaterThan(0)
    expect(cached.assets.every((asset) => asset.price !== null)).toBe(true)
    writeFileSync(cacheFile, readFileSync(cacheFile, 'utf8').slice(0, 40))

    const core = await startCore(dir)
    expect(readdirSync(dir).some((name) => name.startsWith('last-snapshot.json.corrupt-'))).toBe(true)
    expect(core.currentSnapshot().assets.every((asset) => asset.price === null || !asset.stale)).toBe(true)
    figures.push(['a truncated price cache', 'set aside; started without it', 'prices fetched afresh'])
    console.log(
      formatTable('Disk faults through AppCore', ['fault', 'reported as', 'what was saved'], figures),
    )
  })
})
