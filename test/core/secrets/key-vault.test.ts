import { describe, expect, it, vi } from 'vitest'
import { KeyVault } from '../../../src/main/core/secrets/key-vault'
import {
  accountForBaseUrl,
  describeKeychainError,
  KeychainError,
  KeytarSecretStore,
  MemorySecretStore,
  probeKeychain,
  type SecretStore,
} from '../../../src/main/core/secrets/secret-store'
import { BrokenKeychain } from './secrets-helpers'

const PROD = 'https://api.gm.ondo.finance'
const STAGING = 'https://staging.gm.example.com/v1'
const KEY = 'sk-test-abcdef123456WXYZ'

/** Works for reads (so the probe passes) but refuses to store, echoing what it was given. */
class RefusingKeychain extends MemorySecretStore {
  override async set(account: string, secret: string): Promise<void> {
    throw new Error(`The collection is locked; could not store ${secret} for ${account}`)
  }
}

async function readyVault(keychain: SecretStore | null): Promise<KeyVault> {
  const vault = new KeyVault(keychain)
  await vault.init()
  return vault
}

describe('accountForBaseUrl', () => {
  it('is the origin, so a path prefix or trailing slash does not matter', () => {
    expect(accountForBaseUrl('https://api.gm.ondo.finance/')).toBe(PROD)
    expect(accountForBaseUrl('https://staging.gm.example.com/v1/')).toBe('https://staging.gm.example.com')
    expect(accountForBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080')
  })

  it('refuses what is not a web URL', () => {
    expect(() => accountForBaseUrl('api.gm.ondo.finance')).toThrow('Not a URL: api.gm.ondo.finance')
    expect(() => accountForBaseUrl('mailto:someone@example.com')).toThrow(/has none/)
  })
})

describe('MemorySecretStore', () => {
  it('sets, gets and deletes per account', async () => {
    const store = new MemorySecretStore()
    expect(store.kind).toBe('memory')
    await store.set('a', 'one')
    await store.set('b', 'two')
    expect([await store.get('a'), await store.get('b'), await store.get('c')]).toEqual(['one', 'two', null])
    expect(await store.delete('a')).toBe(true)
    expect(await store.delete('a')).toBe(false)
    expect(await store.get('a')).toBeNull()
  })
})

describe('describeKeychainError', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', /^No desktop session bus \(D-Bus\) is running/],
    [
      'The name org.freedesktop.secrets was not provided by any .service files',
      /^No keychain service \(such as GNOME Keyring or KWallet\) is running/,
    ],
    [
      'The module keytar.node was compiled against a different Node.js version using NODE_MODULE_VERSION 115',
      /^The keychain module could not be loaded/,
    ],
    ["Cannot find module 'keytar'", /^The keychain module could not be loaded/],
    ['Something odd', /^The keychain failed: Something odd$/],
  ])('turns "%s" into a plain sentence', (message, expected) => {
    expect(describeKeychainError(new Error(message))).toMatch(expected)
  })

  it('never repeats the secret it was handed', () => {
    expect(describeKeychainError(new Error(`weird failure storing ${KEY}`), KEY)).toBe(
      'The keychain failed: weird failure storing [hidden]',
    )
  })
})

describe('KeytarSecretStore', () => {
  it('turns a keytar module that cannot load into a clear error on use, not a crash on import', async () => {
    const abiMismatch = new Error(
      'was compiled against a different Node.js version using NODE_MODULE_VERSION 115',
    )
    let loads = 0
    const store = new KeytarSecretStore('tokenwatch-test', async () => {
      loads += 1
      throw abiMismatch
    })
    expect(store.kind).toBe('keychain')
    const failure = store.get(PROD)
    await expect(failure).rejects.toBeInstanceOf(KeychainError)
    await expect(failure).rejects.toThrow(/^The keychain module could not be loaded/)
    await expect(store.set(PROD, KEY)).rejects.toThrow(/could not be loaded/)
    expect(loads).toBe(1)
    expect(await probeKeychain(store)).toEqual({
      ok: false,
      reason: expect.stringMatching(/could not be loaded/),
    })
  })

  it('calls keytar under its service name with the account', async () => {
    const calls: string[][] = []
    const store = new KeytarSecretStore('tokenwatch', async () => ({
      getPassword: async (service, account) => (calls.push(['get', service, account]), 'secret'),
      setPassword: async (service, account) => void calls.push(['set', service, account]),
      deletePassword: async (service, account) => (calls.push(['delete', service, account]), true),
    }))
    expect(await store.get(PROD)).toBe('secret')
    await store.set(PROD, KEY)
    expect(await store.delete(PROD)).toBe(true)
    expect(calls).toEqual([
      ['get', 'tokenwatch', PROD],
      ['set', 'tokenwatch', PROD],
      ['delete', 'tokenwatch', PROD],
    ])
  })

  it('keeps the secret out of the error of a failed set', async () => {
    const store = new KeytarSecretStore('tokenwatch-test', async () => ({
      getPassword: async () => null,
      setPassword: async (_service, _account, password) => {
        throw new Error(`failed to store ${password}`)
      },
      deletePassword: async () => false,
    }))
    const failure = await store.set(PROD, KEY).catch((error: unknown) => error as KeychainError)
    expect(failure).toBeInstanceOf(KeychainError)
    expect(`${failure?.message} ${String(failure?.cause)}`).not.toContain(KEY)
  })

  it("names its errors, and keeps keytar's error as the cause when no secret was handed over", async () => {
    const refused = new Error('The name org.freedesktop.secrets was not provided by any .service files')
    const store = new KeytarSecretStore('tokenwatch-test', async () => ({
      getPassword: async () => {
        throw refused
      },
      setPassword: async () => {},
      deletePassword: async () => false,
    }))
    const failure = await store.get(PROD).then(
      () => null,
      (error: unknown) => error as KeychainError,
    )
    expect(failure?.name).toBe('KeychainError')
    expect(failure?.cause).toBe(refused)
  })
})

describe('probeKeychain', () => {
  it('passes for a keychain that answers', async () => {
    expect(await probeKeychain(new MemorySecretStore())).toEqual({ ok: true })
  })

  it('gives the reason for one that fails', async () => {
    expect(await probeKeychain(new BrokenKeychain())).toEqual({
      ok: false,
      reason: expect.stringMatching(/^No desktop session bus/),
    })
  })

  it('gives up on a keychain that does not answer', async () => {
    const hanging: SecretStore = {
      kind: 'keychain',
      get: () => new Promise(() => {}),
      set: async () => {},
      delete: async () => false,
    }
    expect(await probeKeychain(hanging, 20)).toEqual({
      ok: false,
      reason: 'The keychain did not answer in time.',
    })
  })

  it('leaves no timer behind once the keychain has answered', async () => {
    vi.useFakeTimers()
    try {
      expect(await probeKeychain(new MemorySecretStore())).toEqual({ ok: true })
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('KeyVault with a working keychain', () => {
  it('stores one key per origin and reports only the last 4 characters', async () => {
    const keychain = new MemorySecretStore()
    const vault = await readyVault(keychain)
    expect(vault.status(PROD)).toEqual({
      stored: false,
      last4: null,
      storage: null,
      keychainAvailable: true,
      keychainProblem: null,
    })

    expect(await vault.set(PROD, KEY)).toEqual({
      stored: true,
      last4: 'WXYZ',
      storage: 'keychain',
      keychainAvailable: true,
      keychainProblem: null,
    })
    await vault.set(STAGING, 'staging-key-0000')
    expect(await keychain.get(PROD)).toBe(KEY)
    expect(await keychain.get('https://staging.gm.example.com')).toBe('staging-key-0000')
    expect(await vault.get(`${PROD}/`)).toBe(KEY)
    expect(vault.status(STAGING).last4).toBe('0000')
  })

  it('finds a key stored in an earlier run', async () => {
    const keychain = new MemorySecretStore()
    await keychain.set(PROD, KEY)
    const vault = await readyVault(keychain)
    expect(vault.status(PROD).stored).toBe(false) // not looked up yet
    expect(await vault.get(PROD)).toBe(KEY)
    expect(vault.status(PROD)).toMatchObject({ stored: true, storage: 'keychain', last4: 'WXYZ' })
  })

  it('clears a key from the keychain', async () => {
    const keychain = new MemorySecretStore()
    const vault = await readyVault(keychain)
    await vault.set(PROD, KEY)
    expect(await vault.clear(PROD)).toMatchObject({ stored: false, last4: null, storage: null })
    expect(await keychain.get(PROD)).toBeNull()
    expect(await vault.get(PROD)).toBeNull()
  })

  it('refuses an empty key or one with spaces without repeating it', async () => {
    const vault = await readyVault(new MemorySecretStore())
    await expect(vault.set(PROD, '')).rejects.toThrow('An API key is one word without spaces')
    await expect(vault.set(PROD, 'two words')).rejects.toThrow(/^An API key is one word without spaces$/)
  })

  it('shows no last 4 characters of a key too short to hide most of', async () => {
    const vault = await readyVault(new MemorySecretStore())
    expect((await vault.set(PROD, 'abc123')).last4).toBeNull()
  })
})

describe('KeyVault without a keychain', () => {
  it('holds a key in memory for this run only and says why', async () => {
    const keychain = new BrokenKeychain()
    const vault = await readyVault(keychain)
    expect(vault.status(PROD)).toEqual({
      stored: false,
      last4: null,
      storage: null,
      keychainAvailable: false,
      keychainProblem: expect.stringMatching(/^No desktop session bus \(D-Bus\) is running/),
    })
    const callsAfterProbe = keychain.calls

    expect(await vault.set(PROD, KEY)).toMatchObject({ stored: true, storage: 'memory', last4: 'WXYZ' })
    expect(await vault.get(PROD)).toBe(KEY)
    expect(await vault.clear(PROD)).toMatchObject({ stored: false, storage: null })
    expect(keychain.calls).toBe(callsAfterProbe) // not asked again once known to be unusable
    // A new run (a new vault) does not have it.
    expect(await (await readyVault(keychain)).get(PROD)).toBeNull()
  })

  it('works with no keychain at all', async () => {
    const vault = await readyVault(null)
    expect(vault.status(PROD)).toMatchObject({
      keychainAvailable: false,
      keychainProblem: 'No system keychain is available to this app.',
    })
    expect((await vault.set(PROD, KEY)).storage).toBe('memory')
  })

  it('falls back to memory when the keychain refuses to store, without the key in the problem', async () => {
    const vault = await readyVault(new RefusingKeychain())
    const status = await vault.set(PROD, KEY)
    expect(status).toMatchObject({ stored: true, storage: 'memory', keychainAvailable: false })
    expect(status.keychainProblem).toBe('The keychain is locked and could not be unlocked.')
    expect(JSON.stringify(status)).not.toContain(KEY)
  })

  it('says so when the keychain fails to remove a key', async () => {
    const keychain = new MemorySecretStore()
    const vault = await readyVault(keychain)
    await vault.set(PROD, KEY)
    keychain.delete = async () => {
      throw new Error('The name org.freedesktop.secrets was not provided by any .service files')
    }
    await expect(vault.clear(PROD)).rejects.toThrow(
      new RegExp(
        String.raw`^The key could not be removed from the keychain: ` +
          String.raw`No keychain service \(such as GNOME Keyring or KWallet\)`,
      ),
    )
    // From then on the keychain counts as unusable, and the status says why.
    expect(vault.status(PROD)).toMatchObject({
      keychainAvailable: false,
      keychainProblem: expect.stringMatching(/^No keychain service \(such as GNOME Keyring or KWallet\)/),
    })
  })

  it('claims no keychain before it has checked one, and asks it nothing', async () => {
    const keychain = new BrokenKeychain()
    const vault = new KeyVault(keychain)
    expect(vault.status(PROD)).toMatchObject({ keychainAvailable: false, keychainProblem: null })
    expect(await vault.get(PROD)).toBeNull()
    expect(keychain.calls).toBe(0)
  })

  it('still removes a key kept in the keychain after the keychain failed on another call', async () => {
    const keychain = new MemorySecretStore()
    const vault = await readyVault(keychain)
    await vault.set(PROD, KEY)
    // A read for another origin fails: the vault now counts the keychain as unusable...
    const get = keychain.get.bind(keychain)
    keychain.get = async () => {
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')
    }
    expect(await vault.get(STAGING)).toBeNull()
    expect(vault.status(PROD).keychainAvailable).toBe(false)
    keychain.get = get
    // ...but the key it stored there must not outlive a request to remove it.
    expect(await vault.clear(PROD)).toMatchObject({ stored: false, storage: null })
    expect(await keychain.get(PROD)).toBeNull()
  })
})
