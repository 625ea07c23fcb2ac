import { DEFAULT_BASE_URL, MAX_WATCHLIST, checkBaseUrl } from '../../shared/settings'
import { normalizeSymbolInput } from '../../shared/symbols'
import { KeyVault } from '../core/key-vault'
import { KeytarSecretStore } from '../core/secret-store'
import { type CliIo, UsageError } from './io'

/** What the commands that talk to the service share: --base-url, --symbols and the API key. */

export const API_KEY_ENV = 'TOKENWATCH_API_KEY'

export const SERVICE_FLAGS = {
  'base-url': { type: 'string' },
  symbols: { type: 'string' },
} as const

export function parseBaseUrlFlag(value: string | undefined): string {
  const base = checkBaseUrl(value ?? DEFAULT_BASE_URL)
  if (!base.ok) throw new UsageError(`--base-url: ${base.reason}.`)
  return base.url
}

/** "aapl, TSLAon" -> ['AAPLon', 'TSLAon']; a bad entry is a UsageError naming it. */
export function parseSymbolList(list: string | undefined): string[] {
  if (list === undefined) throw new UsageError('--symbols is required, for example --symbols AAPLon,TSLAon.')
  const symbols = new Set<string>()
  for (const entry of list.split(',')) {
    if (entry.trim() === '') continue
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
  return `tokenwatch ${command}: no API key for ${baseUrl}: set ${API_KEY_ENV} or store one with \`tokenwatch key set\`.`
}
