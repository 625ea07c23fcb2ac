import type { KeyStatus } from '../../../shared/status'
import { accountForBaseUrl, describeKeychainError, probeKeychain, type SecretStore } from './secret-store'

const NO_KEYCHAIN = 'No system keychain is available to this app.'

interface HeldKey {
  key: string
  storage: 'keychain' | 'memory'
}

function lastFour(key: string): string | null {
  // A key too short to keep most of it hidden shows nothing.
  return key.length >= 8 ? key.slice(-4) : null
}

/**
 * The API keys the app uses, one per base-URL origin. Kept in the OS keychain where there is one;
 * where there is none (or it fails), a key set in this run is held in memory only, never written
 * anywhere, and `status` says so. A key is never logged and no Error from here contains one.
 *
 * `status` is synchronous (it answers the renderer at once), so it reports what this vault has
 * seen: call `get(baseUrl)` once first, as the app does at start and when the base URL changes.
 */
export class KeyVault {
  private keychainAvailable = false
  private keychainProblem: string | null = null
  /** Keys looked up or set in this run, by account; null records "looked up, none stored". */
  private readonly held = new Map<string, HeldKey | null>()

  constructor(private readonly keychain: SecretStore | null) {}

  /** Checks once that the keychain answers; after this `status` tells whether keys can be kept. */
  async init(): Promise<void> {
    if (!this.keychain) {
      this.markKeychainFailed(NO_KEYCHAIN)
      return
    }
    const probe = await probeKeychain(this.keychain)
    if (probe.ok) {
      this.keychainAvailable = true
      this.keychainProblem = null
    } else {
      this.markKeychainFailed(probe.reason)
    }
  }

  async get(baseUrl: string): Promise<string | null> {
    const account = accountForBaseUrl(baseUrl)
    const held = this.held.get(account)
    if (held !== undefined) return held?.key ?? null
    if (!this.keychain || !this.keychainAvailable) return null
    try {
      const key = await this.keychain.get(account)
      this.held.set(account, key === null ? null : { key, storage: 'keychain' })
      return key
    } catch (error) {
      // Not remembered as "none stored"; from now on keys set in this run stay in memory.
      this.markKeychainFailed(describeKeychainError(error))
      return null
    }
  }

  /** Stores the key in the keychain, or for this run only in memory when there is none. */
  async set(baseUrl: string, key: string): Promise<KeyStatus> {
    const account = accountForBaseUrl(baseUrl)
    if (key.length === 0 || /\s/.test(key)) throw new Error('An API key is one word without spaces')
    if (this.keychain && this.keychainAvailable) {
      try {
        await this.keychain.set(account, key)
        this.held.set(account, { key, storage: 'keychain' })
        return this.status(baseUrl)
      } catch (error) {
        this.markKeychainFailed(describeKeychainError(error, key))
      }
    }
    this.held.set(account, { key, storage: 'memory' })
    return this.status(baseUrl)
  }

  /** Forgets the key in memory and removes it from the keychain; throws if the keychain refused. */
  async clear(baseUrl: string): Promise<KeyStatus> {
    const account = accountForBaseUrl(baseUrl)
    const held = this.held.get(account)
    this.held.set(account, null)
    if (this.keychain && (this.keychainAvailable || held?.storage === 'keychain')) {
      try {
        await this.keychain.delete(account)
      } catch (error) {
        const reason = describeKeychainError(error)
        this.markKeychainFailed(reason)
        throw new Error(`The key could not be removed from the keychain: ${reason}`)
      }
    }
    return this.status(baseUrl)
  }

  status(baseUrl: string): KeyStatus {
    const held = this.held.get(accountForBaseUrl(baseUrl)) ?? null
    return {
      stored: held !== null,
      last4: held ? lastFour(held.key) : null,
      storage: held?.storage ?? null,
      keychainAvailable: this.keychainAvailable,
      keychainProblem: this.keychainProblem,
    }
  }

  private markKeychainFailed(reason: string): void {
    this.keychainAvailable = false
    this.keychainProblem = reason
  }
}
