import path from 'node:path'
import { RefusedChange } from './refused-change'
import {
  DEFAULT_SETTINGS,
  type ListViewPatch,
  listViewPatchSchema,
  MAX_LISTS,
  MAX_WATCHLIST,
  type Settings,
  type SettingsPatch,
  settingsPatchSchema,
  settingsSchema,
  storedSettingsSchema,
  type Watchlist,
} from '../../../shared/settings'
import { DEFAULT_COLUMNS } from '../../../shared/watchlist-columns'
import { checkSymbol } from '../../../shared/symbols'
import { describeSchemaIssues, JsonFile, type JsonFileProblem } from './json-file'

export const SETTINGS_FILE_NAME = 'settings.json'

function describeReadProblem(problem: JsonFileProblem): string {
  if (problem.movedTo)
    return `Your settings file was unreadable and was moved aside to ${problem.movedTo}; defaults are in use.`
  if (problem.kind === 'unreadable')
    return (
      `Your settings file could not be read (${problem.message}); defaults ` +
      `are in use and changes are not saved.`
    )
  return `Your settings file could not be used (${problem.message}); defaults are in use.`
}

/** A key sent as undefined (structured clone keeps those) means "leave as is", not "erase". */
function withoutUndefined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>
}

function requireValidSymbol(symbol: string): void {
  const checked = checkSymbol(symbol)
  if (!checked.ok)
    throw new RefusedChange('invalid-argument', `"${symbol}" is not a token symbol: ${checked.reason}`)
}

function requireListed(list: Watchlist, symbol: string): number {
  const index = list.symbols.indexOf(symbol)
  if (index < 0) throw new RefusedChange('not-found', `${symbol} is not on the watchlist "${list.name}"`)
  return index
}

/** The list with this id, or (no id) the active one. */
/** The list with this id (the shown one without an id); refused as gone when there is none. */
export function findList(settings: Settings, listId: string | undefined): Watchlist {
  const id = listId ?? settings.activeListId
  const list = settings.lists.find((candidate) => candidate.id === id)
  if (!list) throw new RefusedChange('not-found', 'That watchlist no longer exists')
  return list
}

function withList(settings: Settings, listId: string, change: (list: Watchlist) => Watchlist): Settings {
  return { ...settings, lists: settings.lists.map((list) => (list.id === listId ? change(list) : list)) }
}

/** A name no other list has (names are compared without case). */
function requireFreeName(settings: Settings, name: string, exceptId: string | null): void {
  const taken = settings.lists.some(
    (list) => list.id !== exceptId && list.name.toLocaleLowerCase() === name.toLocaleLowerCase(),
  )
  if (taken) throw new RefusedChange('failed', `There is already a watchlist named "${name}"`)
}

/** The next free id: one more than the highest in use, so an id is never given to two lists in a row. */
function nextListId(settings: Settings): string {
  const highest = Math.max(0, ...settings.lists.map((list) => Number(list.id.slice(1))))
  return `l${highest + 1}`
}

function moveItem<T>(items: readonly T[], from: number, toIndex: number): T[] {
  const rest = items.filter((_, index) => index !== from)
  const to = Math.max(0, Math.min(Math.trunc(toIndex), rest.length))
  rest.splice(to, 0, items[from] as T)
  return rest
}

/** A list taken out by `deleteList`, with where it stood, so that it can be put back. */
export interface DeletedList {
  list: Watchlist
  index: number
  wasActive: boolean
}

/**
 * The person's settings and watchlist in `settings.json` in the user data folder. Every change is
 * a locked read-modify-write, so the app and the CLI can change it at the same time. There is no
 * field for the API key: that lives only in the keychain (see secrets/key-vault.ts).
 */
export class SettingsFile {
  private readonly file: JsonFile<Settings>
  private current: Settings = structuredClone(DEFAULT_SETTINGS)
  private readProblem: string | null = null
  private writeProblem: string | null = null

  constructor(userDataDir: string) {
    this.file = new JsonFile(
      path.join(userDataDir, SETTINGS_FILE_NAME),
      storedSettingsSchema,
      () => structuredClone(DEFAULT_SETTINGS),
      {
        onProblem: (problem) => {
          // A failed save is reported by `update`, which also sees failures to lock.
          if (problem.kind !== 'write-failed') this.readProblem = describeReadProblem(problem)
        },
      },
    )
  }

  get filePath(): string {
    return this.file.path
  }

  async load(): Promise<Settings> {
    this.readProblem = null
    const { value } = await this.file.read()
    this.current = value
    return value
  }

  /** The settings as last loaded or saved (the defaults before `load`). */
  get(): Settings {
    return this.current
  }

  /** What went wrong with the settings file, in plain words, or null. */
  problem(): string | null {
    return this.writeProblem ?? this.readProblem
  }

  /**
   * Changes the settings as they are on disk now (another process may have changed them since
   * `load`). The result is checked before anything is written; returning `current` unchanged
   * writes nothing.
   */
  async update(mutate: (current: Settings) => Settings): Promise<Settings> {
    let saved: Settings
    try {
      saved = await this.file.update((current) => {
        const next = mutate(current)
        if (next === current) return current
        const checked = settingsSchema.safeParse(next)
        if (!checked.success)
          throw new RefusedChange(
            'invalid-argument',
            `Settings not saved: ${describeSchemaIssues(checked.error)}`,
          )
        return checked.data
      })
    } catch (error) {
      if (!(error instanceof RefusedChange)) {
        const why = error instanceof Error ? error.message : String(error)
        this.writeProblem = `Your settings could not be saved: ${why}`
      }
      throw error
    }
    this.writeProblem = null
    this.current = saved
    return saved
  }

  /** Appends a symbol to a list (the active one by default); one already listed is left where it is. */
  async addSymbol(symbol: string, listId?: string): Promise<Settings> {
    requireValidSymbol(symbol)
    return this.update((settings) => {
      const list = findList(settings, listId)
      if (list.symbols.includes(symbol)) return settings
      if (list.symbols.length >= MAX_WATCHLIST)
        throw new RefusedChange(
          'invalid-argument',
          `The watchlist "${list.name}" is full (${MAX_WATCHLIST} symbols); remove one first`,
        )
      return withList(settings, list.id, (l) => ({ ...l, symbols: [...l.symbols, symbol] }))
    })
  }

  /** Appends several symbols to a list, skipping those it holds; refuses what would overfill it. */
  async addSymbols(symbols: readonly string[], listId?: string): Promise<Settings> {
    symbols.forEach(requireValidSymbol)
    return this.update((settings) => {
      const list = findList(settings, listId)
      const toAdd = [...new Set(symbols)].filter((symbol) => !list.symbols.includes(symbol))
      if (toAdd.length === 0) return settings
      if (list.symbols.length + toAdd.length > MAX_WATCHLIST)
        throw new RefusedChange(
          'invalid-argument',
          `The watchlist "${list.name}" would hold more than ${MAX_WATCHLIST} symbols`,
        )
      return withList(settings, list.id, (l) => ({ ...l, symbols: [...l.symbols, ...toAdd] }))
    })
  }

  removeSymbol(symbol: string, listId?: string): Promise<Settings> {
    return this.update((settings) => {
      const list = findList(settings, listId)
      requireListed(list, symbol)
      return withList(settings, list.id, (l) => ({ ...l, symbols: l.symbols.filter((s) => s !== symbol) }))
    })
  }

  /** Moves a listed symbol to `toIndex` (clamped to the list). */
  moveSymbol(symbol: string, toIndex: number, listId?: string): Promise<Settings> {
    return this.update((settings) => {
      const list = findList(settings, listId)
      const from = requireListed(list, symbol)
      return withList(settings, list.id, (l) => ({ ...l, symbols: moveItem(l.symbols, from, toIndex) }))
    })
  }

  // --- the lists themselves ---------------------------------------------------------------

  /** A new list at the end, made the active one. */
  async createList(name: string, symbols: readonly string[] = []): Promise<Settings> {
    symbols.forEach(requireValidSymbol)
    return this.update((settings) => {
      if (settings.lists.length >= MAX_LISTS)
        throw new RefusedChange('failed', `You have ${MAX_LISTS} watchlists, the most there can be`)
      requireFreeName(settings, name, null)
      const list: Watchlist = {
        id: nextListId(settings),
        name,
        symbols: [...new Set(symbols)],
        columns: [...DEFAULT_COLUMNS],
        sort: null,
      }
      return { ...settings, lists: [...settings.lists, list], activeListId: list.id }
    })
  }

  renameList(listId: string, name: string): Promise<Settings> {
    return this.update((settings) => {
      const list = findList(settings, listId)
      if (list.name === name) return settings
      requireFreeName(settings, name, list.id)
      return withList(settings, list.id, (l) => ({ ...l, name }))
    })
  }

  moveList(listId: string, toIndex: number): Promise<Settings> {
    return this.update((settings) => {
      const from = settings.lists.indexOf(findList(settings, listId))
      return { ...settings, lists: moveItem(settings.lists, from, toIndex) }
    })
  }

  /**
   * Deletes a list (never the last one); the active list passes to its neighbour. Resolves to the
   * settings and what was deleted, for `restoreList`.
   */
  async deleteList(listId: string): Promise<{ settings: Settings; deleted: DeletedList }> {
    const taken: { deleted?: DeletedList } = {}
    const settings = await this.update((current) => {
      const list = findList(current, listId)
      if (current.lists.length === 1)
        throw new RefusedChange('failed', 'The last watchlist cannot be deleted')
      const index = current.lists.indexOf(list)
      const lists = current.lists.filter((l) => l.id !== list.id)
      const wasActive = current.activeListId === list.id
      taken.deleted = { list, index, wasActive }
      const neighbour = lists[Math.min(index, lists.length - 1)] as Watchlist
      return { ...current, lists, activeListId: wasActive ? neighbour.id : current.activeListId }
    })
    return { settings, deleted: taken.deleted as DeletedList }
  }

  /** Puts a deleted list back where it was (under a fresh id or name if either was taken since). */
  restoreList({ list, index, wasActive }: DeletedList): Promise<Settings> {
    return this.update((settings) => {
      if (settings.lists.length >= MAX_LISTS)
        throw new RefusedChange('failed', `You have ${MAX_LISTS} watchlists, the most there can be`)
      const idTaken = settings.lists.some((l) => l.id === list.id)
      let name = list.name
      for (
        let n = 2;
        settings.lists.some((l) => l.name.toLocaleLowerCase() === name.toLocaleLowerCase());
        n++
      )
        name = `${list.name} (${n})`
      const restored = { ...list, name, id: idTaken ? nextListId(settings) : list.id }
      const lists = [...settings.lists]
      lists.splice(Math.min(index, lists.length), 0, restored)
      return { ...settings, lists, activeListId: wasActive ? restored.id : settings.activeListId }
    })
  }

  setActiveList(listId: string): Promise<Settings> {
    return this.update((settings) => {
      const list = findList(settings, listId)
      return list.id === settings.activeListId ? settings : { ...settings, activeListId: list.id }
    })
  }

  /** A list's own columns and sort. */
  async updateList(listId: string, patch: ListViewPatch): Promise<Settings> {
    const checked = listViewPatchSchema.safeParse(patch)
    if (!checked.success)
      throw new RefusedChange('invalid-argument', `Not changed: ${describeSchemaIssues(checked.error)}`)
    return this.update((settings) => {
      const list = findList(settings, listId)
      return withList(settings, list.id, (l) => ({ ...l, ...withoutUndefined(checked.data) }))
    })
  }

  /** Applies a partial change from the renderer or the CLI; cadences may be changed one at a time. */
  async patch(patch: SettingsPatch): Promise<Settings> {
    const checked = settingsPatchSchema.safeParse(patch)
    if (!checked.success)
      throw new RefusedChange(
        'invalid-argument',
        `Settings not changed: ${describeSchemaIssues(checked.error)}`,
      )
    const { cadences = {}, ...rest } = checked.data
    return this.update((settings) => ({
      ...settings,
      ...withoutUndefined(rest),
      cadences: { ...settings.cadences, ...withoutUndefined(cadences) },
    }))
  }
}
