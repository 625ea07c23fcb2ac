import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import type { AppCoreOptions } from '../../../src/main/core/app/app-core-options'
import { realClock } from '../../../src/main/core/clock'
import { PER_SYMBOL_MAX_REQUESTS } from '../../../src/main/core/api/endpoint-fetchers'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import type { Settings } from '../../../src/shared/settings'
import { activeList, listNamed } from '../../../src/shared/watchlists'
import type { ImportResult } from '../../../src/shared/transfer'
import type { Alert } from '../../../src/shared/alerts'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'
import { cleanupAfterEach } from '../../support/cleanups'

/** AppCore with several watchlists, on the demo simulator: what is polled, and the list commands. */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-lists-')

async function startCore(options: Partial<AppCoreOptions> = {}) {
  const userDataDir = tempDir()
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 60, seed: 7 }),
    requestTimeoutMs: 3_000,
    ...options,
  })
  const settingsPushed: Settings[] = []
  core.on('settings', (settings) => settingsPushed.push(settings))
  cleanups.push(() => core.stop())
  await core.start()
  return { core, settingsPushed }
}

async function ok<T>(result: Promise<{ ok: boolean; value?: unknown; error?: unknown }>): Promise<T> {
  const answer = await result
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`)
  return answer.value as T
}

async function until<T>(probe: () => T | undefined | null | false, what: string): Promise<T> {
  const deadline = Date.now() + 8_000
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const priceAbove = (symbol: string) => ({
  input: { symbol, condition: { kind: 'price-above', level: '100000' } },
})

describe('what AppCore polls with several watchlists', () => {
  it('polls the shown list, not the others, and follows a switch of list', async () => {
    const { core, settingsPushed } = await startCore()
    const first = activeList(core.settings.get()).symbols
    const created = await ok<Settings>(
      core.invoke('createList', { name: 'Tech', symbols: ['METAon', 'NFLXon'] }),
    )
    expect(activeList(created).name).toBe('Tech')
    expect(core.pollPlan().symbols).toEqual(['METAon', 'NFLXon'])
    expect(settingsPushed.at(-1)?.activeListId).toBe(created.activeListId)

    await ok(core.invoke('setActiveList', { listId: 'l1' }))
    expect(core.pollPlan().symbols).toEqual(first)
    await until(
      () => core.currentSnapshot().assets.every((a) => a.price !== null),
      'prices of the first list',
    )
  })

  it('keeps polling a symbol with an alert that is in no shown list, after the list changes', async () => {
    const { core } = await startCore()
    await ok(core.invoke('createAlert', priceAbove('METAon')))
    expect(core.pollPlan().symbols).toContain('METAon')
    const metaPrice = await until(
      () => core.currentSnapshot().assets.find((a) => a.symbol === 'METAon')?.price,
      'a price for the alerted symbol',
    )
    expect(metaPrice).toMatch(/^\d/)

    await ok(core.invoke('createList', { name: 'Other', symbols: ['AAPLon'] }))
    expect(core.pollPlan().symbols).toEqual(['AAPLon', 'METAon'])
  })

  it('stops polling an alert-only symbol once its alert is deleted or disabled', async () => {
    const { core } = await startCore()
    const [alert] = await ok<Array<{ id: string }>>(core.invoke('createAlert', priceAbove('METAon')))
    await ok(core.invoke('setAlertEnabled', { id: alert!.id, enabled: false }))
    expect(core.pollPlan().symbols).not.toContain('METAon')
    await ok(core.invoke('setAlertEnabled', { id: alert!.id, enabled: true }))
    expect(core.pollPlan().symbols).toContain('METAon')
    await ok(core.invoke('removeAlert', { id: alert!.id }))
    expect(core.pollPlan().symbols).not.toContain('METAon')
  })

  it('chooses per-symbol or all-assets on the union of the shown list and the alerted symbols', async () => {
    const { core } = await startCore()
    const listed = await ok<Array<{ symbol: string }>>(core.invoke('listAssets', undefined))
    const symbols = listed.map((asset) => asset.symbol)
    const shown = symbols.slice(0, PER_SYMBOL_MAX_REQUESTS - 5)
    await ok(core.invoke('createList', { name: 'Big', symbols: shown }))
    expect(core.pollPlan()).toMatchObject({ symbols: shown, mode: 'per-symbol' })

    // Ten alerts on symbols of no list: the union is past the per-symbol limit.
    const alerted = symbols.slice(PER_SYMBOL_MAX_REQUESTS, PER_SYMBOL_MAX_REQUESTS + 10)
    for (const symbol of alerted) await ok(core.invoke('createAlert', priceAbove(symbol)))
    expect(core.pollPlan()).toMatchObject({ symbols: [...shown, ...alerted], mode: 'all' })
  })
})

describe('removing a symbol that has alerts', () => {
  it('keeps its alerts (and keeps it polled) unless told to delete them', async () => {
    const { core } = await startCore()
    await ok(core.invoke('createAlert', priceAbove('AAPLon')))
    const symbols = await ok<string[]>(core.invoke('removeSymbol', { symbol: 'AAPLon' }))
    expect(symbols).not.toContain('AAPLon')
    expect(core.alerts.file.list().map((a) => a.symbol)).toEqual(['AAPLon'])
    expect(core.pollPlan().symbols).toContain('AAPLon')
  })

  it('deletes its alerts with it when asked, and stops polling it', async () => {
    const { core } = await startCore()
    await ok(core.invoke('createAlert', priceAbove('AAPLon')))
    await ok(core.invoke('createAlert', priceAbove('NVDAon')))
    await ok(core.invoke('removeSymbol', { symbol: 'AAPLon', deleteAlerts: true }))
    expect(core.alerts.file.list().map((a) => a.symbol)).toEqual(['NVDAon'])
    expect(core.pollPlan().symbols).not.toContain('AAPLon')
  })
})

describe('a session alert for a session the token cannot trade in', () => {
  it(
    'is refused with the reason, on the session field, made or edited; ' + 'one it can trade in is accepted',
    async () => {
      const { core } = await startCore()
      await ok(core.invoke('addSymbol', { symbol: 'BRK.Bon' }))
      await until(
        () => core.currentSnapshot().assets.find((a) => a.symbol === 'BRK.Bon')?.marketTimestamp,
        'market data for BRK.Bon',
      )
      const overnight = {
        symbol: 'BRK.Bon',
        condition: { kind: 'session', session: 'overnight', event: 'open' },
      }
      const refused = await core.invoke('createAlert', { input: overnight })
      expect(refused).toEqual({
        ok: false,
        error: {
          code: 'failed',
          message:
            'input.condition.session: BRK.Bon cannot trade in the Overnight ' +
            'session, so this alert would never fire: choose a session it ' +
            'trades in (REG)',
        },
      })
      expect(core.alerts.file.list()).toEqual([])
      const accepted = await ok<Alert[]>(
        core.invoke('createAlert', {
          input: { symbol: 'BRK.Bon', condition: { kind: 'session', session: 'regular', event: 'open' } },
        }),
      )
      // Nor can an edit make it one.
      const edited = await core.invoke('updateAlert', { id: accepted[0]!.id, input: overnight })
      expect(edited).toEqual(refused)
      expect(core.alerts.file.list()).toEqual(accepted)
    },
  )
})

describe('the list commands, validated in main', () => {
  it.each([
    ['createList', { name: '   ' }, /a watchlist needs a name/],
    ['createList', { name: 'x'.repeat(41) }, /at most 40 characters/],
    ['createList', { name: 'a\u0007b' }, /no control characters/],
    ['createList', { name: 'Ok', symbols: ['not a symbol'] }, /symbols\.0/],
    ['renameList', { listId: '../../etc', name: 'x' }, /not a watchlist id/],
    ['moveList', { listId: 'l1', toIndex: -1 }, /toIndex/],
    ['deleteList', { listId: 'l1', extra: true }, /.+/],
    ['setActiveList', {}, /listId/],
    ['updateList', { listId: 'l1', columns: ['nope'] }, /columns/],
    ['updateList', { listId: 'l1', name: 'sneaky rename' }, /.+/],
    ['addSymbol', { symbol: 'AAPLon', listId: 7 }, /listId/],
    ['removeSymbol', { symbol: 'AAPLon', deleteAlerts: 'yes' }, /deleteAlerts/],
  ] as const)('%s refuses %j', async (name, args, message) => {
    const { core } = await startCore()
    const before = structuredClone(core.settings.get())
    const result = await core.invoke(name, args)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    const error = result.ok ? null : result.error
    expect(`${error?.field ?? ''} ${error?.message}`).toMatch(message)
    // Shown beside the name field as it is: no internal key in front ("name: a watchlist needs…").
    expect(error?.message).not.toMatch(/^[\w.]+: /)
    expect(core.settings.get()).toEqual(before)
  })

  it('renames and moves a list, answering and telling the window the settings saved', async () => {
    const { core, settingsPushed } = await startCore()
    await ok(core.invoke('createList', { name: 'Tech', symbols: ['NVDAon'] }))
    const renamed = await ok<Settings>(core.invoke('renameList', { listId: 'l2', name: 'Chips 2026' }))
    expect(renamed.lists.map((list) => list.name)).toEqual(['Watchlist', 'Chips 2026'])
    expect(settingsPushed.at(-1)).toEqual(renamed)
    const moved = await ok<Settings>(core.invoke('moveList', { listId: 'l2', toIndex: 0 }))
    expect(moved.lists.map((list) => list.name)).toEqual(['Chips 2026', 'Watchlist'])
    expect(settingsPushed.at(-1)).toEqual(moved)
    expect(core.settings.get()).toEqual(moved)
  })

  it('restores a deleted list only from this run, by its id', async () => {
    const { core } = await startCore()
    await ok(core.invoke('createList', { name: 'Tech', symbols: ['AAPLon'] }))
    await ok(core.invoke('deleteList', { listId: 'l2' }))
    expect(core.settings.get().lists.map((l) => l.name)).toEqual(['Watchlist'])
    const restored = await ok<Settings>(core.invoke('restoreList', { listId: 'l2' }))
    expect(activeList(restored)).toMatchObject({ name: 'Tech', symbols: ['AAPLon'] })
    expect(await core.invoke('restoreList', { listId: 'l2' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    })
  })
})

describe('export and import with several watchlists', () => {
  it('exports every list in JSON and the shown one in CSV', async () => {
    const { core } = await startCore()
    await ok(core.invoke('createList', { name: 'Tech', symbols: ['METAon', 'AAPLon'] }))
    const json = await ok<{ content: string }>(core.invoke('exportWatchlist', { format: 'json' }))
    const parsed = JSON.parse(json.content) as {
      watchlist: string[]
      lists: Array<{ name: string; symbols: string[] }>
    }
    expect(parsed.watchlist).toEqual(['METAon', 'AAPLon'])
    expect(parsed.lists).toEqual(core.settings.get().lists.map(({ name, symbols }) => ({ name, symbols })))
    const csv = await ok<{ content: string }>(core.invoke('exportWatchlist', { format: 'csv' }))
    expect(
      csv.content
        .split('\r\n')
        .slice(1, -1)
        .map((row) => row.split(',')[0]),
    ).toEqual(['METAon', 'AAPLon'])
  })

  it("names a history table's export by symbol, range and day, and saves or returns it", async () => {
    const table =
      't,open,high,low,close,underlyingClose,underlyingCarried,multiplier,premium\r\n' +
      '1764343800000,100.1,100.25,99.95,100.2,100.05,false,1.0042,0.0532\r\n'
    // 23:30 in New York on Friday 28 November is already the 29th in UTC: the name takes UTC's day.
    const clock = { ...realClock, now: () => Date.UTC(2026, 10, 29, 4, 30) }
    const saved: [string, string][] = []
    const { core } = await startCore({
      clock,
      saveExport: async (fileName, content) => (saved.push([fileName, content]), `/home/ann/${fileName}`),
    })
    expect(await ok(core.invoke('exportHistory', { symbol: 'AAPLon', range: '3m', csv: table }))).toEqual({
      fileName: 'tokenwatch-AAPLon-3m-2026-11-29.csv',
      savedTo: '/home/ann/tokenwatch-AAPLon-3m-2026-11-29.csv',
      content: null,
    })
    expect(saved).toEqual([['tokenwatch-AAPLon-3m-2026-11-29.csv', table]])
    const { core: headless } = await startCore({ clock })
    expect(await ok(headless.invoke('exportHistory', { symbol: 'TSLAon', range: '1y', csv: table }))).toEqual(
      {
        fileName: 'tokenwatch-TSLAon-1y-2026-11-29.csv',
        savedTo: null,
        content: table,
      },
    )
  })

  it('imports into an existing list that is not shown, or into a new one', async () => {
    const { core } = await startCore()
    await ok(core.invoke('createList', { name: 'Tech', symbols: ['AAPLon'] }))
    const intoFirst = await ok<{ listId: string; added: string[]; watchlist: string[] }>(
      core.invoke('importWatchlist', { text: 'METAon\nAAPLon', into: { listId: 'l1' } }),
    )
    expect(intoFirst.listId).toBe('l1')
    expect(intoFirst.added).toEqual(['METAon'])
    expect(core.settings.get().lists[0]?.symbols.at(-1)).toBe('METAon')
    expect(activeList(core.settings.get()).symbols).toEqual(['AAPLon']) // the shown list is untouched

    const intoNew = await ok<{ listId: string; watchlist: string[] }>(
      core.invoke('importWatchlist', { text: 'GOOGLon, METAon', into: { newList: 'Imported' } }),
    )
    expect(activeList(core.settings.get())).toMatchObject({
      id: intoNew.listId,
      name: 'Imported',
      symbols: ['GOOGLon', 'METAon'],
    })
  })

  it('imports every watchlist of a JSON export: into the list of the same name, or a new one', async () => {
    const source = (await startCore()).core
    await ok(source.invoke('createList', { name: 'Tech', symbols: ['AAPLon', 'METAon'] }))
    await ok(source.invoke('createList', { name: 'Funds', symbols: ['SPYon', 'QQQon'] }))
    const exported = await ok<{ content: string }>(source.invoke('exportWatchlist', { format: 'json' }))
    const names = (JSON.parse(exported.content).lists as { name: string }[]).map((list) => list.name)
    expect(names).toEqual(['Watchlist', 'Tech', 'Funds'])

    // The receiving core already has a "tech" list (names match whatever their case) holding AAPLon.
    const { core, settingsPushed } = await startCore()
    await ok(core.invoke('createList', { name: 'tech', symbols: ['AAPLon'] }))
    await ok(core.invoke('setActiveList', { listId: 'l1' }))
    const before = core.settings.get()
    const pushes = settingsPushed.length
    // `into` names one list; a multi-list export goes list by list all the same.
    const result = await ok<ImportResult>(
      core.invoke('importWatchlist', { text: exported.content, into: { listId: 'l1' } }),
    )

    const after = core.settings.get()
    expect(after.lists.map((list) => [list.name, list.symbols])).toEqual([
      ['Watchlist', activeList(before).symbols],
      ['tech', ['AAPLon', 'METAon']],
      ['Funds', ['SPYon', 'QQQon']],
    ])
    expect(after.activeListId).toBe(before.activeListId) // the shown list stays shown
    expect(result.lists).toEqual([
      {
        name: 'Watchlist',
        listId: 'l1',
        created: false,
        added: [],
        alreadyPresent: activeList(before).symbols,
        unknown: [],
      },
      {
        name: 'Tech',
        listId: 'l2',
        created: false,
        added: ['METAon'],
        alreadyPresent: ['AAPLon'],
        unknown: [],
      },
      {
        name: 'Funds',
        listId: 'l3',
        created: true,
        added: ['SPYon', 'QQQon'],
        alreadyPresent: [],
        unknown: [],
      },
    ])
    expect(result.added).toEqual(['METAon', 'SPYon', 'QQQon'])
    expect(result.listId).toBe('l1')
    expect(result.watchlist).toEqual(activeList(before).symbols)
    expect(settingsPushed.length).toBeGreaterThan(pushes) // tabs and tray hear of the new list
  })

  it('reports, and skips, a watchlist of an export that cannot come in; the others still do', async () => {
    const { core } = await startCore()
    const text = JSON.stringify({
      version: 1,
      watchlist: ['AAPLon'],
      lists: [
        { name: 'A name far longer than any watchlist name may be, at all', symbols: ['AAPLon'] },
        { symbols: ['METAon'] },
        { name: 'Kept', symbols: ['NVDAon', 42, 'NOTLISTEDon', 'NVDAon'] },
      ],
    })
    const result = await ok<ImportResult>(core.invoke('importWatchlist', { text }))
    expect(listNamed(core.settings.get(), 'Kept')?.symbols).toEqual(['NVDAon'])
    expect(result.lists?.map((list) => list.name)).toEqual(['Kept'])
    expect(result.unknown).toEqual(['NOTLISTEDon'])
    expect(result.invalid).toEqual([
      // What is wrong with the file's lists themselves first, then each list's own.
      {
        line: 2,
        input: 'watchlist 2: {"symbols":["METAon"]}',
        reason: 'a watchlist needs a name and a list of symbols',
      },
      {
        line: 1,
        input: 'watchlist "A name far longer than any watchlist name may be, at all"',
        reason: 'not imported: a watchlist name is at most 40 characters',
      },
      { line: 2, input: 'Kept: 42', reason: 'not a text symbol' },
    ])
    expect(result.duplicates).toEqual([{ line: 4, input: 'Kept: NVDAon', symbol: 'NVDAon' }])
  })
})

describe('import read against the listing', () => {
  it('adds brk-b and "coca cola" as the listed symbols they name, and offers MCDon for mcdona', async () => {
    const { core } = await startCore()
    const result = await ok<ImportResult>(
      core.invoke('importWatchlist', { text: 'brk-b\ncoca cola\nmcdona\n', into: { listId: 'l1' } }),
    )
    expect(result.added).toEqual(['BRK.Bon', 'KOon'])
    expect(result.readings).toEqual([
      { line: 1, input: 'brk-b', symbol: 'BRK.Bon' },
      { line: 2, input: 'coca cola', symbol: 'KOon' },
    ])
    expect(result.unknown).toEqual([])
    expect(result.suggestions).toEqual([{ line: 3, input: 'mcdona', symbol: 'MCDon' }])
  })

  it(
    'reports each line of the issue 44 list once: brkb read as BRK.Bon, ' + 'brk-b then a duplicate',
    async () => {
      const { core } = await startCore()
      const lines = ['coca cola', 'brkb', 'brk-b', 'procter gamble', 'mcdonalds', 'jp morgan', 'google']
      const result = await ok<ImportResult>(
        core.invoke('importWatchlist', { text: `${lines.join('\n')}\n`, into: { listId: 'l1' } }),
      )
      expect(result.unknown).toEqual([])
      expect(result.suggestions).toEqual([])
      // Every line is read as the listed symbol it names; brk-b names the BRK.Bon of line 2 again.
      expect(result.readings?.map((reading) => reading.line)).toEqual([1, 2, 3, 4, 5, 6, 7])
      expect(result.added).toEqual(['KOon', 'BRK.Bon', 'PGon', 'MCDon', 'JPMon', 'GOOGLon'])
      expect(result.invalid).toEqual([])
      expect(result.duplicates).toEqual([{ line: 3, input: 'brk-b', symbol: 'BRK.Bon' }])
    },
  )

  it('says, per watchlist of an export, which entries it read', async () => {
    const { core } = await startCore()
    const text = JSON.stringify({ version: 1, lists: [{ name: 'Brands', symbols: ['google', 'mcdona'] }] })
    const result = await ok<ImportResult>(core.invoke('importWatchlist', { text }))
    expect(result.readings).toEqual([{ line: 1, input: 'Brands: google', symbol: 'GOOGLon' }])
    expect(result.suggestions).toEqual([{ line: 2, input: 'Brands: mcdona', symbol: 'MCDon' }])
    expect(listNamed(core.settings.get(), 'Brands')?.symbols).toEqual(['GOOGLon'])
  })
})

describe('stopping while the window is saving a list', () => {
  it('lets the writes asked for just before finish, their lock and files released', async () => {
    const { core } = await startCore()
    const folder = core.settings.filePath.replace(/\/[^/]+$/, '')
    // Asked and not awaited, as a window closing right after a rename leaves them.
    const writes = [
      core.invoke('createList', { name: 'Tech 2', symbols: ['METAon'] }),
      core.invoke('createList', { name: 'Energy', symbols: ['XOMon'] }),
    ]
    await core.stop()
    let answered = 0
    for (const write of writes) void write.then(() => (answered += 1))
    await Promise.resolve()
    await Promise.resolve()
    expect(answered).toBe(2)
    // Both saved, in whichever order the two writers took the file's lock.
    expect(
      core.settings
        .get()
        .lists.map((list) => list.name)
        .sort(),
    ).toEqual(['Energy', 'Tech 2', 'Watchlist'])
    // Nothing is left behind in the folder that a closing app would leave half-written.
    expect(readdirSync(folder).filter((name) => /\.lock|\.\d+$/.test(name))).toEqual([])
  })
})
