import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'
import { MAX_LISTS, MAX_WATCHLIST, type Settings } from '../../../src/shared/settings'
import { activeList } from '../../../src/shared/watchlists'
import { makeTempDir } from './storage-helpers'

async function freshStore() {
  const store = new SettingsFile(makeTempDir())
  await store.load()
  return store
}

const names = (settings: Settings) => settings.lists.map((list) => list.name)
const onDisk = (store: SettingsFile) => JSON.parse(readFileSync(store.filePath, 'utf8')) as Settings

describe('several watchlists', () => {
  it(
    'creates a list at the end with its own symbols, default columns ' + 'and no sort, and shows it',
    async () => {
      const store = await freshStore()
      const settings = await store.createList('Tech', ['AAPLon', 'NVDAon', 'AAPLon'])
      expect(names(settings)).toEqual(['Watchlist', 'Tech'])
      expect(activeList(settings)).toEqual({
        id: 'l2',
        name: 'Tech',
        symbols: ['AAPLon', 'NVDAon'],
        columns: settings.lists[0]?.columns,
        sort: null,
      })
      expect(onDisk(store)).toEqual(settings)
    },
  )

  it('keeps symbols, order, sort and columns apart per list', async () => {
    const store = await freshStore()
    const first = activeList(store.get())
    await store.createList('Tech')
    await store.addSymbol('AAPLon')
    await store.addSymbol('NVDAon')
    await store.moveSymbol('NVDAon', 0)
    await store.updateList('l2', {
      sort: { column: 'price', direction: 'asc' },
      columns: ['symbol', 'price'],
    })
    await store.removeSymbol('TSLAon', 'l1')
    const settings = store.get()
    expect(settings.lists[1]).toMatchObject({
      symbols: ['NVDAon', 'AAPLon'],
      sort: { column: 'price', direction: 'asc' },
      columns: ['symbol', 'price'],
    })
    expect(settings.lists[0]).toEqual({ ...first, symbols: first.symbols.filter((s) => s !== 'TSLAon') })
  })

  it('renames, refusing a name another list has (whatever its case)', async () => {
    const store = await freshStore()
    await store.createList('Tech')
    expect(names(await store.renameList('l2', 'Semis'))).toEqual(['Watchlist', 'Semis'])
    await expect(store.renameList('l2', 'watchlist')).rejects.toMatchObject({
      code: 'failed',
      message: 'There is already a watchlist named "watchlist"',
    })
    await expect(store.createList('SEMIS')).rejects.toMatchObject({ code: 'failed' })
  })

  it('reorders lists', async () => {
    const store = await freshStore()
    await store.createList('B')
    await store.createList('C')
    expect(names(await store.moveList('l3', 0))).toEqual(['C', 'Watchlist', 'B'])
    expect(names(await store.moveList('l3', 99))).toEqual(['Watchlist', 'B', 'C'])
  })

  it('deletes a list, showing its neighbour, and restores it where it was', async () => {
    const store = await freshStore()
    await store.createList('B', ['AAPLon'])
    await store.createList('C')
    await store.setActiveList('l2')
    const { settings, deleted } = await store.deleteList('l2')
    expect(names(settings)).toEqual(['Watchlist', 'C'])
    expect(settings.activeListId).toBe('l3')
    expect(deleted).toMatchObject({ index: 1, wasActive: true, list: { id: 'l2', symbols: ['AAPLon'] } })

    const restored = await store.restoreList(deleted)
    expect(names(restored)).toEqual(['Watchlist', 'B', 'C'])
    expect(activeList(restored)).toEqual(deleted.list)
  })

  it('restores under another name when the name was taken meanwhile, and never reuses an id', async () => {
    const store = await freshStore()
    await store.createList('B')
    const { deleted } = await store.deleteList('l2')
    await store.createList('B')
    const settings = await store.restoreList(deleted)
    expect(names(settings)).toEqual(['Watchlist', 'B (2)', 'B'])
    expect(new Set(settings.lists.map((list) => list.id)).size).toBe(3)
  })

  it('never deletes the last list', async () => {
    const store = await freshStore()
    await expect(store.deleteList('l1')).rejects.toMatchObject({
      code: 'failed',
      message: 'The last watchlist cannot be deleted',
    })
  })

  it(`holds at most ${MAX_LISTS} lists`, async () => {
    const store = await freshStore()
    await store.update((settings) => ({
      ...settings,
      lists: Array.from({ length: MAX_LISTS }, (_, i) => ({
        ...settings.lists[0]!,
        id: `l${i + 1}`,
        name: `L${i}`,
      })),
    }))
    await expect(store.createList('One more')).rejects.toMatchObject({ code: 'failed' })
  })

  it(
    'restores a deleted list only while there is room, and numbers ' + 'its name past every taken one',
    async () => {
      const store = await freshStore()
      await store.createList('B')
      const { deleted } = await store.deleteList('l2')
      await store.createList('B')
      await store.createList('B (2)')
      expect(names(await store.restoreList(deleted))).toEqual(['Watchlist', 'B (3)', 'B', 'B (2)'])

      const { deleted: again } = await store.deleteList(activeList(store.get()).id)
      await store.update((settings) => ({
        ...settings,
        lists: Array.from({ length: MAX_LISTS - 1 }, (_, i) => ({
          ...settings.lists[0]!,
          id: `l${i + 1}`,
          name: `L${i}`,
        })),
      }))
      expect(names(await store.restoreList(again))).toHaveLength(MAX_LISTS) // the last place
      const { deleted: third } = await store.deleteList('l1')
      await store.createList('Fills it')
      await expect(store.restoreList(third)).rejects.toMatchObject({
        code: 'failed',
        message: `You have ${MAX_LISTS} watchlists, the most there can be`,
      })
    },
  )

  it(
    'renames a list to its own name in another case, and deleting ' + 'a list not shown keeps the one shown',
    async () => {
      const store = await freshStore()
      await store.createList('Tech')
      await store.createList('Other')
      expect(names(await store.renameList('l2', 'TECH'))).toEqual(['Watchlist', 'TECH', 'Other'])
      await store.setActiveList('l1')
      const { settings } = await store.deleteList('l3')
      expect(settings.activeListId).toBe('l1')
    },
  )

  it('adds many symbols at once, skipping those held, refusing what would overfill the list', async () => {
    const store = await freshStore()
    const held = activeList(store.get()).symbols
    const settings = await store.addSymbols(['METAon', held[0]!, 'METAon', 'GOOGLon'])
    expect(activeList(settings).symbols).toEqual([...held, 'METAon', 'GOOGLon'])

    const room = MAX_WATCHLIST - activeList(settings).symbols.length
    const filler = Array.from({ length: room }, (_, i) => `T${i}on`)
    expect(activeList(await store.addSymbols(filler)).symbols).toHaveLength(MAX_WATCHLIST) // exactly full
    await expect(store.addSymbols(['ONEMOREon'])).rejects.toMatchObject({
      code: 'invalid-argument',
      message: `The watchlist "Watchlist" would hold more than ${MAX_WATCHLIST} symbols`,
    })
  })

  it('refuses a malformed symbol in a bulk add or a new list, changing nothing', async () => {
    const store = await freshStore()
    const before = store.get()
    await expect(store.addSymbols(['METAon', 'bad symbol'])).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^"bad symbol" is not a token symbol: /),
    })
    await expect(store.createList('Tech', ['AAPLon', '<script>'])).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^"<script>" is not a token symbol: /),
    })
    expect(store.get()).toEqual(before)
  })

  it('refuses a malformed view of a list, saying which field, changing nothing', async () => {
    const store = await freshStore()
    const before = store.get()
    await expect(store.updateList('l1', { columns: ['nope'] } as never)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^Not changed: columns\.0: /),
    })
    expect(store.get()).toEqual(before)
  })

  it('says plainly when a list is gone', async () => {
    const store = await freshStore()
    await expect(store.setActiveList('l7')).rejects.toMatchObject({
      code: 'not-found',
      message: 'That watchlist no longer exists',
    })
    await expect(store.addSymbol('AAPLon', 'l7')).rejects.toMatchObject({ code: 'not-found' })
  })
})
