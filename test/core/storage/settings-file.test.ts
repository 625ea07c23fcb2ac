import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { KeyVault } from '../../../src/main/core/secrets/key-vault'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { SettingsError, SettingsFile } from '../../../src/main/core/storage/settings-file'
import { DEFAULT_SETTINGS, MAX_WATCHLIST, type Settings } from '../../../src/shared/settings'
import { settingsWith, shownSymbols } from '../../support/settings'
import { failFsCall, filesContaining, makeTempDir } from './storage-helpers'

async function loadedStore(settings?: Parameters<typeof settingsWith>[0]) {
  const dir = makeTempDir()
  if (settings) writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settingsWith(settings)))
  const store = new SettingsFile(dir)
  await store.load()
  return { dir, store }
}

function onDisk(store: SettingsFile): Settings {
  return JSON.parse(readFileSync(store.filePath, 'utf8')) as Settings
}

describe('SettingsFile.load', () => {
  it('starts from the defaults, with no problem, when there is no settings file', async () => {
    const { store } = await loadedStore()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.problem()).toBeNull()
  })

  it('reads a saved file', async () => {
    const { store } = await loadedStore({ watchlist: ['AAPLon'], theme: 'light' })
    expect(store.get()).toMatchObject({ theme: 'light' })
    expect(shownSymbols(store.get())).toEqual(['AAPLon'])
  })

  it('moves an unusable file aside and says so in plain words', async () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'settings.json'), '{"version": 2, "lists": [{"symbols": ["not a symbol"]}]}')
    const store = new SettingsFile(dir)
    expect(await store.load()).toEqual(DEFAULT_SETTINGS)

    const moved = readdirSync(dir).find((name) => name.startsWith('settings.json.corrupt-'))
    expect(moved).toBeDefined()
    expect(store.problem()).toBe(
      `Your settings file was unreadable and was moved aside to ${path.join(dir, moved ?? '')}` +
        `; defaults are in use.`,
    )
  })

  it('does not let a change to the returned defaults leak into DEFAULT_SETTINGS', async () => {
    const { store } = await loadedStore()
    shownSymbols(store.get()).push('ZZZon')
    expect(shownSymbols(DEFAULT_SETTINGS)).not.toContain('ZZZon')
  })
})

describe('SettingsFile watchlist', () => {
  it('adds a symbol at the end and saves it', async () => {
    const { store } = await loadedStore({ watchlist: ['AAPLon'] })
    const settings = await store.addSymbol('NVDAon')
    expect(shownSymbols(settings)).toEqual(['AAPLon', 'NVDAon'])
    expect(store.get()).toBe(settings)
    expect(shownSymbols(onDisk(store))).toEqual(['AAPLon', 'NVDAon'])
  })

  it('treats adding a listed symbol as a no-op', async () => {
    const { store } = await loadedStore({ watchlist: ['AAPLon', 'NVDAon'] })
    expect(shownSymbols(await store.addSymbol('AAPLon'))).toEqual(['AAPLon', 'NVDAon'])
  })

  it.each([
    ['adding a listed symbol', (store: SettingsFile) => store.addSymbol('AAPLon')],
    ['adding only listed symbols', (store: SettingsFile) => store.addSymbols(['NVDAon', 'AAPLon'])],
    ['showing the list shown', (store: SettingsFile) => store.setActiveList('l1')],
    ['renaming a list to its own name', (store: SettingsFile) => store.renameList('l1', 'Watchlist')],
  ])('leaves the file untouched by a change that changes nothing: %s', async (_change, change) => {
    const { dir, store } = await loadedStore({ watchlist: ['AAPLon', 'NVDAon'] })
    const before = readFileSync(store.filePath, 'utf8') // compact JSON: a rewrite would indent it
    await change(store)
    expect(readFileSync(store.filePath, 'utf8')).toBe(before)
    expect(readdirSync(dir)).toEqual(['settings.json'])
  })

  it('refuses an invalid symbol without touching the file', async () => {
    const { store } = await loadedStore({ watchlist: ['AAPLon'] })
    await expect(store.addSymbol('aapl')).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining('"aapl" is not a token symbol'),
    })
    expect(shownSymbols(onDisk(store))).toEqual(['AAPLon'])
  })

  it(`refuses a symbol beyond ${MAX_WATCHLIST}`, async () => {
    const full = Array.from({ length: MAX_WATCHLIST }, (_, index) => `T${index}on`)
    const { store } = await loadedStore({ watchlist: full })
    await expect(store.addSymbol('AAPLon')).rejects.toThrow(
      `The watchlist "Watchlist" is full (${MAX_WATCHLIST} symbols)`,
    )
    expect(shownSymbols(onDisk(store))).toHaveLength(MAX_WATCHLIST)
  })

  it('removes a symbol, and says plainly when it is not listed', async () => {
    const { store } = await loadedStore({ watchlist: ['AAPLon', 'NVDAon'] })
    expect(shownSymbols(await store.removeSymbol('AAPLon'))).toEqual(['NVDAon'])
    const absent = store.removeSymbol('TSLAon')
    await expect(absent).rejects.toBeInstanceOf(SettingsError)
    await expect(absent).rejects.toMatchObject({
      code: 'not-found',
      message: 'TSLAon is not on the watchlist "Watchlist"',
    })
  })

  it.each([
    [0, ['Con', 'Aon', 'Bon', 'Don']],
    [1, ['Aon', 'Con', 'Bon', 'Don']],
    [3, ['Aon', 'Bon', 'Don', 'Con']],
    [99, ['Aon', 'Bon', 'Don', 'Con']],
  ])('moves a symbol to index %i', async (toIndex, expected) => {
    const { store } = await loadedStore({ watchlist: ['Aon', 'Bon', 'Con', 'Don'] })
    expect(shownSymbols(await store.moveSymbol('Con', toIndex))).toEqual(expected)
    expect(shownSymbols(onDisk(store))).toEqual(expected)
  })

  it('refuses to move a symbol that is not listed', async () => {
    const { store } = await loadedStore({ watchlist: ['Aon'] })
    await expect(store.moveSymbol('Bon', 0)).rejects.toMatchObject({ code: 'not-found' })
  })

  it('builds on what another process saved since load', async () => {
    const { dir, store } = await loadedStore({ watchlist: ['AAPLon'] })
    await new SettingsFile(dir).addSymbol('TSLAon') // the CLI, say
    expect(shownSymbols(await store.addSymbol('NVDAon'))).toEqual(['AAPLon', 'TSLAon', 'NVDAon'])
  })
})

describe('SettingsFile.patch and update', () => {
  it('changes only what the patch names; cadences one at a time', async () => {
    const { store } = await loadedStore()
    const settings = await store.patch({ theme: 'light', cadences: { pricesMs: 10_000 } })
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'light',
      cadences: { ...DEFAULT_SETTINGS.cadences, pricesMs: 10_000 },
    })
    expect(onDisk(store)).toEqual(settings)
  })

  it(
    'reads a file saved before "keep running in the tray" existed ' + 'as on, and a patch keeps it off',
    async () => {
      const dir = makeTempDir()
      const { closeToTray: _added, ...older } = DEFAULT_SETTINGS
      writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ ...older, theme: 'light' }))
      const store = new SettingsFile(dir)
      expect(await store.load()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', closeToTray: true })
      expect(store.problem()).toBeNull()
      expect((await store.patch({ closeToTray: false })).closeToTray).toBe(false)
      // A later patch that does not name it leaves it as it is.
      expect((await store.patch({ theme: 'dark' })).closeToTray).toBe(false)
      expect(onDisk(store).closeToTray).toBe(false)
    },
  )

  it('ignores keys sent as undefined', async () => {
    const { store } = await loadedStore({ theme: 'light' })
    expect((await store.patch({ theme: undefined, cadences: { marketMs: undefined } })).theme).toBe('light')
  })

  it('normalises a base URL and refuses an unsafe one', async () => {
    const { store } = await loadedStore()
    expect((await store.patch({ baseUrl: 'https://staging.example.com/' })).baseUrl).toBe(
      'https://staging.example.com',
    )
    await expect(store.patch({ baseUrl: 'http://example.com' })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining('plain http:// is allowed only to this computer'),
    })
  })

  it('refuses a patch with unknown fields or out-of-range values', async () => {
    const { store } = await loadedStore()
    await expect(store.patch({ watchlist: [] } as never)).rejects.toMatchObject({ code: 'invalid-argument' })
    await expect(store.patch({ cadences: { pricesMs: 10 } })).rejects.toThrow(
      /cadences\.pricesMs: at least 1 s/,
    )
  })

  it('checks the result of update before writing anything', async () => {
    const { store } = await loadedStore({ theme: 'light' })
    await expect(store.update((settings) => ({ ...settings, theme: 'neon' as 'dark' }))).rejects.toThrow(
      /^Settings not saved: theme: /,
    )
    expect(onDisk(store).theme).toBe('light')
    expect(store.problem()).toBeNull()
  })

  it('remembers a failed save as the problem until a save succeeds', async () => {
    const { store } = await loadedStore({ watchlist: ['AAPLon'] })
    failFsCall('write', 'ENOSPC')
    await expect(store.addSymbol('NVDAon')).rejects.toThrow(/the disk is full \(ENOSPC\)$/)
    vi.restoreAllMocks()
    expect(store.problem()).toBe(
      `Your settings could not be saved: Could not save ${store.filePath}: the disk is full (ENOSPC)`,
    )
    expect(shownSymbols(store.get())).toEqual(['AAPLon'])
    expect(shownSymbols(onDisk(store))).toEqual(['AAPLon'])

    await store.addSymbol('NVDAon')
    expect(store.problem()).toBeNull()
  })
})

describe('the settings file and the API key', () => {
  it('never holds the key, even after a key is set and the settings saved again', async () => {
    const { dir, store } = await loadedStore()
    const key = 'sk-live-0123456789abcdef'
    const vault = new KeyVault(new MemorySecretStore())
    await vault.init()
    await vault.set(store.get().baseUrl, key)
    await store.addSymbol('NVDAon')
    await store.patch({ pinned: true })

    expect(await vault.get(store.get().baseUrl)).toBe(key)
    expect(filesContaining(dir, key)).toEqual([])
    expect(readFileSync(store.filePath, 'utf8')).not.toMatch(/key/i)
  })
})
