/**
 * The port through which the API key reaches storage, with two adapters: the OS keychain through
 * keytar (macOS Keychain, Windows Credential Manager, the Secret Service on Linux) and memory.
 * Errors from here never include a secret.
 */
export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
  readonly kind: 'keychain' | 'memory'
}

/** The keychain "service" every tokenwatch secret is filed under. */
export const KEYCHAIN_SERVICE = 'tokenwatch'

/** The account a base URL's key is stored under: its origin, so production and staging keys coexist. */
export function accountForBaseUrl(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new Error(`Not a URL: ${baseUrl}`)
  }
  if (url.origin === 'null') throw new Error(`A key is stored per web origin, and ${baseUrl} has none`)
  return url.origin
}

/** Holds secrets for this process only; nothing is written anywhere. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const
  private readonly secrets = new Map<string, string>()

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret)
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account)
  }
}

/** The part of keytar we use. */
interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/** Thrown when the keychain cannot be used; the message is a plain sentence for the person. */
export class KeychainError extends Error {
  override readonly name = 'KeychainError'
}

/** Known failures of keytar, its native module and the Linux Secret Service, in plain words. */
const KEYCHAIN_FAILURES: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /autolaunch D-Bus|\$DISPLAY|Could not connect|DBUS_SESSION_BUS_ADDRESS/i,
    reason: 'no desktop session bus (D-Bus) is running, so the system keychain cannot be reached',
  },
  {
    pattern: /org\.freedesktop\.secrets|ServiceUnknown|secret service/i,
    reason: 'no keychain service (such as GNOME Keyring or KWallet) is running on this computer',
  },
  {
    pattern:
      /NODE_MODULE_VERSION|different Node\.js version|Cannot find module|keytar\.node|invalid ELF|wrong ELF/i,
    reason:
      'the keychain module could not be loaded (it is missing or was ' +
      'built for another version of Node or Electron)',
  },
  { pattern: /locked|dismissed|cancel|prompt/i, reason: 'the keychain is locked and could not be unlocked' },
  { pattern: /timed? ?out/i, reason: 'the keychain did not answer in time' },
]

/** Turns a keychain failure into a plain sentence; `secret`, when given, is removed from any echo of it. */
export function describeKeychainError(error: unknown, secret?: string): string {
  let message = error instanceof Error ? error.message : String(error)
  if (secret) message = message.split(secret).join('[hidden]')
  const known = KEYCHAIN_FAILURES.find((failure) => failure.pattern.test(message))
  return known
    ? `${known.reason[0]?.toUpperCase()}${known.reason.slice(1)}.`
    : `The keychain failed: ${message}`
}

/**
 * keytar is loaded on first use, inside `call`'s guard: a missing or mismatched native module then
 * fails one call, not the app. A plain `require`, not `import()`: main is CommonJS, and Electron
 * resolves a required module inside the asar (and its unpacked `.node`) the way it is documented to.
 */
async function requireKeytar(): Promise<Keytar> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require('keytar') as Keytar & { default?: Keytar }
  return loaded.default ?? loaded
}

/** The OS keychain, through keytar, under the service `tokenwatch`. */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const
  private keytar: Promise<Keytar> | null = null

  constructor(
    private readonly service: string = KEYCHAIN_SERVICE,
    private readonly loadKeytar: () => Promise<Keytar> = requireKeytar,
  ) {}

  get(account: string): Promise<string | null> {
    return this.call((keytar) => keytar.getPassword(this.service, account))
  }

  set(account: string, secret: string): Promise<void> {
    return this.call((keytar) => keytar.setPassword(this.service, account, secret), secret)
  }

  delete(account: string): Promise<boolean> {
    return this.call((keytar) => keytar.deletePassword(this.service, account))
  }

  private async call<R>(operation: (keytar: Keytar) => Promise<R>, secret?: string): Promise<R> {
    try {
      this.keytar ??= this.loadKeytar()
      return await operation(await this.keytar)
    } catch (error) {
      throw new KeychainError(describeKeychainError(error, secret), { cause: secret ? undefined : error })
    }
  }
}

/** An account no one stores a secret under: reading it touches the keychain and nothing in it. */
const PROBE_ACCOUNT = 'tokenwatch-keychain-probe'
const PROBE_TIMEOUT_MS = 5_000

/**
 * Checks that the keychain answers, without reading any stored secret. On Linux without a desktop
 * session this is where "Cannot autolaunch D-Bus without X11 $DISPLAY" shows up; the reason comes
 * back as a plain sentence.
 */
export async function probeKeychain(
  store: SecretStore,
  timeoutMs: number = PROBE_TIMEOUT_MS,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs)
  })
  try {
    await Promise.race([store.get(PROBE_ACCOUNT), timeout])
    return { ok: true }
  } catch (error) {
    return {
      ok: false,
      reason: error instanceof KeychainError ? error.message : describeKeychainError(error),
    }
  } finally {
    clearTimeout(timer)
  }
}
