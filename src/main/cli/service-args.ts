import { join } from 'node:path'
import { DEFAULT_BASE_URL, MAX_WATCHLIST, checkBaseUrl } from '../../shared/settings'
import { isValidSymbol, normalizeSymbolInput } from '../../shared/symbols'
import type { Settings } from '../../shared/settings'
import { listNamed } from '../../shared/watchlists'
import { KeyVault } from '../core/secrets/key-vault'
import { defaultUserDataDir } from '../core/storage/paths'
import { KeytarSecretStore } from '../core/secrets/secret-store'
import { SettingsFile } from '../core/storage/settings-file'
import { type CliIo, UsageError, writeLine } from './io'

/** What the commands that talk to the service share: --base-url, --symbols or --list, and the API key. */

export const API_KEY_ENV = 'TOKENWATCH_API_KEY'

export const SERVICE_FLAGS = {
  'base-url': { type: 'string' },
  symbols: { type: 'string' },
  list: { type: 'string' },
} as const

/** The saved watchlist named NAME, or a UsageError that names the lists there are. */
export function symbolsOfList(settings: Settings, name: string): string[] {
  const list = listNamed(settings, name)
  if (list) return list.symbols
  const names = settings.lists.map((l) => `"${l.name}"`).join(', ')
  throw new UsageError(
    `--list: there is no watchlist named "${name.slice(0, 40)}" (the watchlists: ${names}).`,
  )
}

/** Reads the app's saved settings; one that could not be read is a UsageError, not the defaults. */
export async function savedSettings(userDataDir: string): Promise<Settings> {
  const store = new SettingsFile(userDataDir)
  const settings = await store.load()
  const problem = store.problem()
  if (problem) throw new UsageError(`--list: ${problem}`)
  return settings
}

/** The symbols a command watches: --symbols as given, or (--list NAME) a saved watchlist's. */
export async function symbolsToWatch(
  values: { symbols?: string; list?: string },
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  if (values.list === undefined) return parseSymbolList(values.symbols)
  if (values.symbols !== undefined) throw new UsageError('give --symbols or --list, not both.')
  const symbols = symbolsOfList(await savedSettings(defaultUserDataDir(env)), values.list)
  if (symbols.length === 0)
    throw new UsageError(`--list: the watchlist "${values.list.slice(0, 40)}" is empty.`)
  return symbols
}

/** How every command's --help describes --base-url. */
export const BASE_URL_HELP =
  `the market-data service (default: the app's, from settings.json; ` + `else ${DEFAULT_BASE_URL})`

/** --base-url checked, or null when not given: the app's settings then say (serviceBaseUrl). */
export function parseBaseUrlFlag(value: string | undefined): string | null {
  if (value === undefined) return null
  const base = checkBaseUrl(value)
  if (!base.ok) throw new UsageError(`--base-url: ${base.reason}.`)
  return base.url
}

/**
 * The service a command asks: --base-url when given, else the one in the app's settings.json (so
 * a key stored for the app's service is the key the command finds), said on stderr with --verbose.
 * An unreadable settings file is said and the default used, as the app does.
 */
export async function serviceBaseUrl(flag: string | null, command: string, io: CliIo): Promise<string> {
  return (await serviceSettings({ baseUrl: flag, streamAddress: null }, command, io)).baseUrl
}

/**
 * The service a command asks and where its prices stream from: each flag when given, else the
 * app's settings.json, so the command line reads what the window reads; said with --verbose.
 */
export async function serviceSettings(
  flags: { baseUrl: string | null; streamAddress: string | null },
  command: string,
  io: CliIo,
): Promise<{ baseUrl: string; streamAddress: string }> {
  const dir = defaultUserDataDir(io.env)
  let chosen = { baseUrl: flags.baseUrl ?? '', streamAddress: flags.streamAddress ?? '' }
  if (flags.baseUrl === null || flags.streamAddress === null) {
    const file = new SettingsFile(dir)
    const saved = await file.load()
    const problem = file.problem()
    if (problem) writeLine(io.stderr, `tokenwatch ${command}: ${problem}`)
    chosen = {
      baseUrl: flags.baseUrl ?? saved.baseUrl,
      streamAddress: flags.streamAddress ?? saved.streamAddress ?? '',
    }
  }
  if (io.verbose) {
    const from = flags.baseUrl !== null ? '--base-url' : `the app's settings, ${join(dir, 'settings.json')}`
    writeLine(io.stderr, `tokenwatch ${command}: asking ${chosen.baseUrl} (${from})`)
  }
  return chosen
}

/**
 * ASCII words joined by a few of the separators tickers and names are written with: "brk-b",
 * "BRK/B", "coca cola", "procter & gamble". Nothing path-like ("../v1") or beyond ASCII.
 */
const WORDS_AND_SEPARATORS = /^[A-Za-z0-9]+(?:[ ./&'-]{1,3}[A-Za-z0-9]+)*$/

/**
 * Not written as a full symbol ("AAPLon", "BRK.Bon") but as words a trader writes ("aapl", "brkb",
 * "google", "coca cola"): only the service's listing can say which symbol it names
 * (readByListing), as the window's search and import read it; no part of it ever reaches a URL.
 */
export function needsListing(entry: string): boolean {
  return WORDS_AND_SEPARATORS.test(entry) && !isValidSymbol(entry)
}

/**
 * "AAPLon, aapl, brk-b" -> ['AAPLon', 'aapl', 'brk-b']: full symbols as they are, entries that
 * need the listing kept as written, for the command to read once it can ask the service; any
 * other bad entry is a UsageError naming it.
 */
export function parseSymbolList(list: string | undefined): string[] {
  if (list === undefined)
    throw new UsageError('--symbols is required (or --list NAME), for example --symbols AAPLon,TSLAon.')
  const symbols = new Set<string>()
  for (const entry of list.split(',')) {
    if (entry.trim() === '') continue
    if (needsListing(entry.trim())) {
      symbols.add(entry.trim())
      continue
    }
    const checked = normalizeSymbolInput(entry)
    if (!checked.ok)
      throw new UsageError(
        `--symbols: "${entry.trim().slice(0, 40)}" is not a token symbol: ${checked.reason}.`,
      )
    symbols.add(checked.symbol)
  }
  if (symbols.size === 0) throw new UsageError('--symbols is empty; give at least one, for example AAPLon.')
  if (symbols.size > MAX_WATCHLIST)
    throw new UsageError(`--symbols: at most ${MAX_WATCHLIST} symbols at once.`)
  return [...symbols]
}

export type StoredKeyReader = (baseUrl: string) => Promise<string | null>

async function readKeychainKey(baseUrl: string): Promise<string | null> {
  const vault = new KeyVault(new KeytarSecretStore())
  await vault.init()
  return vault.get(baseUrl)
}

/** TOKENWATCH_API_KEY when set, else the key stored for this base URL (the OS keychain by default). */
export async function resolveApiKey(
  io: CliIo,
  baseUrl: string,
  readStoredKey: StoredKeyReader = readKeychainKey,
) {
  return io.env[API_KEY_ENV] || (await readStoredKey(baseUrl))
}

export function noKeyMessage(command: string, baseUrl: string): string {
  return (
    `tokenwatch ${command}: no API key for ${baseUrl}: set ${API_KEY_ENV}` +
    ` or store one with \`tokenwatch key set\`.`
  )
}
