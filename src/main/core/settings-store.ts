import path from 'node:path'
import type { IpcError } from '../../shared/ipc-contract'
import {
  DEFAULT_SETTINGS,
  MAX_WATCHLIST,
  type Settings,
  type SettingsPatch,
  settingsPatchSchema,
  settingsSchema,
} from '../../shared/settings'
import { checkSymbol } from '../../shared/symbols'
import { describeSchemaIssues, JsonFile, type JsonFileProblem } from './json-file'

export const SETTINGS_FILE_NAME = 'settings.json'

/** A settings change that was refused; `code` is the IPC error code it maps to. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError'
  constructor(
    readonly code: Exclude<IpcError['code'], 'unavailable'>,
    message: string,
  ) {
    super(message)
  }
}

function describeReadProblem(problem: JsonFileProblem): string {
  if (problem.kind === 'corrupt' && problem.movedTo)
    return `Your settings file was unreadable and was moved aside to ${problem.movedTo}; defaults are in use.`
  if (problem.kind === 'unreadable')
    return `Your settings file could not be read (${problem.message}); defaults are in use and changes are not saved.`
  return `Your settings file could not be used (${problem.message}); defaults are in use.`
}

/** A key sent as undefined (structured clone keeps those) means "leave as is", not "erase". */
function withoutUndefined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>
}

function requireValidSymbol(symbol: string): void {
  const checked = checkSymbol(symbol)
  if (!checked.ok)
    throw new SettingsError('invalid-argument', `"${symbol}" is not a token symbol: ${checked.reason}`)
}

function requireListed(watchlist: readonly string[], symbol: string): number {
  const index = watchlist.indexOf(symbol)
  if (index < 0) throw new SettingsError('not-found', `${symbol} is not on the watchlist`)
  return index
}

/**
 * The person's settings and watchlist in `settings.json` in the user data folder. Every change is
 * a locked read-modify-write, so the app and the CLI can change it at the same time. There is no
 * field for the API key: that lives only in the keychain (see key-vault.ts).
 */
export class SettingsStore {
  private readonly file: JsonFile<Settings>
  private current: Settings = structuredClone(DEFAULT_SETTINGS)
  private readProblem: string | null = null
  private writeProblem: string | null = null

  constructor(userDataDir: string) {
    this.file = new JsonFile(
      path.join(userDataDir, SETTINGS_FILE_NAME),
      settingsSchema,
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
          throw new SettingsError(
            'invalid-argument',
            `Settings not saved: ${describeSchemaIssues(checked.error)}`,
          )
        return checked.data
      })
    } catch (error) {
      if (!(error instanceof SettingsError)) {
        this.writeProblem = `Your settings could not be saved: ${error instanceof Error ? error.message : String(error)}`
      }
      throw error
    }
    this.writeProblem = null
    this.current = saved
    return saved
  }

  /** Appends a symbol; one already listed is left where it is. */
  async addSymbol(symbol: string): Promise<Settings> {
    requireValidSymbol(symbol)
    return this.update((settings) => {
      if (settings.watchlist.includes(symbol)) return settings
      if (settings.watchlist.length >= MAX_WATCHLIST)
        throw new SettingsError(
          'invalid-argument',
          `The watchlist is full (${MAX_WATCHLIST} symbols); remove one first`,
        )
      return { ...settings, watchlist: [...settings.watchlist, symbol] }
    })
  }

  removeSymbol(symbol: string): Promise<Settings> {
    return this.update((settings) => {
      requireListed(settings.watchlist, symbol)
      return { ...settings, watchlist: settings.watchlist.filter((listed) => listed !== symbol) }
    })
  }

  /** Moves a listed symbol to `toIndex` (clamped to the list). */
  moveSymbol(symbol: string, toIndex: number): Promise<Settings> {
    return this.update((settings) => {
      const from = requireListed(settings.watchlist, symbol)
      const watchlist = settings.watchlist.filter((_, index) => index !== from)
      const to = Math.max(0, Math.min(Math.trunc(toIndex), watchlist.length))
      watchlist.splice(to, 0, symbol)
      return { ...settings, watchlist }
    })
  }

  /** Applies a partial change from the renderer or the CLI; cadences may be changed one at a time. */
  async patch(patch: SettingsPatch): Promise<Settings> {
    const checked = settingsPatchSchema.safeParse(patch)
    if (!checked.success)
      throw new SettingsError(
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
