import { describe, expect, it } from 'vitest'
import { importListsInto } from '../../../src/main/core/lists/list-import'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'
import { importExportedLists } from '../../../src/shared/export-format'
import { ListingIndex } from '../../../src/shared/listing-index'
import { MAX_LISTS } from '../../../src/shared/settings'
import { makeTempDir } from '../storage/storage-helpers'

/**
 * importListsInto on its own, with a real settings file: the totals an import reports across the
 * lists of one export, and a list the settings refuse. (test/core/app/app-core.lists.test.ts covers
 * the command end to end.)
 */

const LISTED = new Set(['AAPLon', 'METAon', 'NVDAon', 'SPYon'])

async function storeWith(lists: Record<string, string[]>) {
  const store = new SettingsFile(makeTempDir('tw-list-import-'))
  await store.load()
  for (const [name, symbols] of Object.entries(lists)) await store.createList(name, symbols)
  await store.setActiveList('l1')
  return store
}

function exportOf(lists: { name: string; symbols: string[] }[]) {
  const exported = importExportedLists(
    JSON.stringify({ version: 1, lists }),
    new ListingIndex([...LISTED].map((symbol) => ({ symbol, ticker: null, name: null }))),
  )
  if (!exported) throw new Error('not read as a multi-list export')
  return exported
}

describe('importListsInto', () => {
  it('counts each symbol once in the totals, however many of the lists bring it', async () => {
    const store = await storeWith({ Tech: ['AAPLon'] })
    // Two lists of the export both go into Tech (names match in any case): the first adds METAon,
    // the second finds it there; a new list Chips adds it too. ZZZon is not listed by the service.
    const { settings, result } = await importListsInto(
      store,
      exportOf([
        { name: 'Tech', symbols: ['AAPLon', 'METAon', 'ZZZon'] },
        { name: 'TECH', symbols: ['METAon', 'AAPLon', 'ZZZon'] },
        { name: 'Chips', symbols: ['METAon'] },
      ]),
      LISTED,
    )
    expect(result.lists).toEqual([
      {
        name: 'Tech',
        listId: 'l2',
        created: false,
        added: ['METAon'],
        alreadyPresent: ['AAPLon'],
        unknown: ['ZZZon'],
      },
      {
        name: 'TECH',
        listId: 'l2',
        created: false,
        added: [],
        alreadyPresent: ['METAon', 'AAPLon'],
        unknown: ['ZZZon'],
      },
      { name: 'Chips', listId: 'l3', created: true, added: ['METAon'], alreadyPresent: [], unknown: [] },
    ])
    expect(result.added).toEqual(['METAon'])
    expect(result.alreadyPresent).toEqual(['AAPLon', 'METAon'])
    expect(result.unknown).toEqual(['ZZZon'])
    expect(result.invalid).toEqual([])
    expect(result.duplicates).toEqual([])
    expect(settings.lists.map((list) => [list.name, list.symbols])).toEqual([
      ['Watchlist', store.get().lists[0]?.symbols],
      ['Tech', ['AAPLon', 'METAon']],
      ['Chips', ['METAon']],
    ])
    // The shown list stays shown (creating Chips showed it for a moment), and the result holds its symbols.
    expect(result.listId).toBe('l1')
    expect(settings.activeListId).toBe('l1')
    expect(result.watchlist).toEqual(store.get().lists[0]?.symbols)
  })

  it('reports a list the settings refuse, with their reason, and still imports the others', async () => {
    // As many lists as there can be, less one: the export's first new list fits, its second not.
    const names = Array.from({ length: MAX_LISTS - 2 }, (_, i) => `List ${i + 2}`)
    const store = await storeWith(Object.fromEntries(names.map((name) => [name, []])))
    const { settings, result } = await importListsInto(
      store,
      exportOf([
        { name: 'Funds', symbols: ['SPYon'] },
        { name: 'Chips', symbols: ['NVDAon'] },
        { name: 'List 2', symbols: ['METAon'] },
      ]),
      LISTED,
    )
    expect(result.invalid).toEqual([
      {
        line: 2,
        input: 'watchlist "Chips"',
        reason: `not imported: You have ${MAX_LISTS} watchlists, the most there can be`,
      },
    ])
    expect(result.lists?.map((list) => [list.name, list.created, list.added])).toEqual([
      ['Funds', true, ['SPYon']],
      ['List 2', false, ['METAon']],
    ])
    expect(result.added).toEqual(['SPYon', 'METAon'])
    expect(settings.lists).toHaveLength(MAX_LISTS)
    expect(settings.activeListId).toBe('l1')
  })

  it('keeps the list the person was looking at shown, and answers with its symbols', async () => {
    const store = await storeWith({ Tech: ['AAPLon'], Chips: ['NVDAon'] })
    await store.setActiveList('l3') // Chips, not the first list
    const { settings, result } = await importListsInto(
      store,
      exportOf([
        { name: 'Chips', symbols: ['SPYon'] },
        { name: 'New one', symbols: ['METAon'] },
      ]),
      LISTED,
    )
    expect(settings.activeListId).toBe('l3')
    expect(result.watchlist).toEqual(['NVDAon', 'SPYon'])
  })
})
