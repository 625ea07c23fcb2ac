import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'
import { DEFAULT_SETTINGS } from '../../../src/shared/settings'
import { makeTempDir } from './storage-helpers'

/**
 * A settings file written by the version before several watchlists (version 1: one watchlist,
 * its columns and sort at the top level). The fixture was written by that version's own
 * SettingsFile (addSymbol, moveSymbol, removeSymbol, patch), not typed by hand.
 */
const V1_FIXTURE = path.join(__dirname, '../../fixtures/settings/v1-today.json')

function userDataWith(fixture: string): string {
  const dir = makeTempDir()
  copyFileSync(fixture, path.join(dir, 'settings.json'))
  return dir
}

describe('a settings file of the version before several watchlists', () => {
  it(
    'migrates to one list holding its watchlist, columns and sort, ' + 'with every other setting kept',
    async () => {
      const v1 = JSON.parse(readFileSync(V1_FIXTURE, 'utf8'))
      const dir = userDataWith(V1_FIXTURE)
      const store = new SettingsFile(dir)
      const settings = await store.load()

      expect(store.problem()).toBeNull()
      expect(readdirSync(dir)).toEqual(['settings.json']) // nothing moved aside
      expect(settings).toEqual({
        version: 2,
        lists: [{ id: 'l1', name: 'Watchlist', symbols: v1.watchlist, columns: v1.columns, sort: v1.sort }],
        activeListId: 'l1',
        baseUrl: v1.baseUrl,
        cadences: v1.cadences,
        pinned: v1.pinned,
        windowBounds: v1.windowBounds,
        theme: v1.theme,
        density: v1.density,
        startAtLogin: v1.startAtLogin,
        // Version 1 files before closeToTray existed read it as true, what closing did then.
        closeToTray: true,
        tickerOnly: v1.tickerOnly,
        // Nor the demo choice: 'auto', demo until a key is stored (main turns it off at once when
        // the service already has one).
        demo: 'auto',
        // Nor how positions are costed: average cost, the default.
        costMethod: 'average',
        quantitySource: 'ledger',
        // Nor whether amounts are hidden: shown, the default.
        hideAmounts: false,
        // Nor which zone times are told in: market time, what it showed then.
        timeZone: 'market',
        // Nor the detail chart's range and style: today's 24 hours, as candles beyond it.
        chartRange: '1d',
        chartStyle: 'candles',
      })
      // Every value of the old file is somewhere in the new settings.
      const { watchlist, columns, sort, version, ...rest } = v1
      expect([version, watchlist, columns, sort]).toEqual([
        1,
        settings.lists[0]?.symbols,
        settings.lists[0]?.columns,
        settings.lists[0]?.sort,
      ])
      expect(settings).toMatchObject(rest)
    },
  )

  it('writes version 2 at the first change, and reads it back the same', async () => {
    const dir = userDataWith(V1_FIXTURE)
    const store = new SettingsFile(dir)
    const migrated = await store.load()
    expect(JSON.parse(readFileSync(store.filePath, 'utf8')).version).toBe(1) // reading writes nothing
    await store.createList('Tech', ['AAPLon'])
    const onDisk = JSON.parse(readFileSync(store.filePath, 'utf8'))
    expect(onDisk.version).toBe(2)
    expect(onDisk.lists[0]).toEqual(migrated.lists[0])
    expect(await new SettingsFile(dir).load()).toEqual(onDisk)
  })

  it('moves a corrupt version 1 file aside, says so, and starts from the defaults', async () => {
    const dir = makeTempDir()
    const broken = readFileSync(V1_FIXTURE, 'utf8').replace('"KOon"', '"not a symbol"')
    writeFileSync(path.join(dir, 'settings.json'), broken)
    const store = new SettingsFile(dir)
    expect(await store.load()).toEqual(DEFAULT_SETTINGS)

    const moved = readdirSync(dir).find((name) => name.startsWith('settings.json.corrupt-'))
    expect(moved).toBeDefined()
    expect(readFileSync(path.join(dir, moved ?? ''), 'utf8')).toBe(broken) // kept as it was
    expect(store.problem()).toBe(
      `Your settings file was unreadable and was moved aside to ${path.join(dir, moved ?? '')}` +
        `; defaults are in use.`,
    )
  })

  it('moves aside a file that is not JSON at all', async () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'settings.json'), '{"version": 1, "watchlist": ["AAPLon"')
    const store = new SettingsFile(dir)
    expect(await store.load()).toEqual(DEFAULT_SETTINGS)
    expect(readdirSync(dir).some((name) => name.startsWith('settings.json.corrupt-'))).toBe(true)
    expect(store.problem()).toMatch(/moved aside/)
  })

  it('refuses a version 2 file whose active list is not among its lists', async () => {
    const dir = makeTempDir()
    writeFileSync(
      path.join(dir, 'settings.json'),
      JSON.stringify({ ...DEFAULT_SETTINGS, activeListId: 'l9' }),
    )
    const store = new SettingsFile(dir)
    expect(await store.load()).toEqual(DEFAULT_SETTINGS)
    expect(store.problem()).toMatch(/moved aside/)
  })
})
