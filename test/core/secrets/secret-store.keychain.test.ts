import { afterAll, describe, expect, it } from 'vitest'
import { KeyVault } from '../../../src/main/core/secrets/key-vault'
import { accountForBaseUrl, KeytarSecretStore } from '../../../src/main/core/secrets/secret-store'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'
import { howToReachKeychain, reachKeychain } from '../../support/keychain-reach'
import { filesContaining, makeTempDir } from '../storage/storage-helpers'
import { runKeyCli } from './secrets-helpers'

/**
 * keytar against the real OS keychain. On Linux, a Secret Service: run it under `bash
 * scripts/with-keyring.sh npx vitest run test/core/secrets/secret-store.keychain.test.ts`, which gives it a
 * throwaway unlocked keyring on a private D-Bus. On macOS and Windows, the Keychain or the
 * Credential Manager of the person running it: everything here is filed under a test service name,
 * never the app's `tokenwatch`, and removed afterwards. Where no keychain is reachable it is skipped
 * with the reason printed, except in CI, which provides the keyring and so must not skip it.
 */

const TEST_SERVICE = 'tokenwatch-test'
const PROD = 'https://api.gm.ondo.finance'
const STAGING = 'https://staging.api.gm.ondo.finance/v2'
const PROD_KEY = 'prod_key_1111aaaa2222PROD'
const STAGING_KEY = 'staging_key_3333bbbb4444STAG'

const store = new KeytarSecretStore(TEST_SERVICE)
const probe = await reachKeychain(store)
const inCi = process.env.CI === 'true'
const skip = !probe.ok && !inCi
if (!probe.ok) {
  const how = howToReachKeychain()
  console.warn(
    `${inCi ? 'The real-keychain tests will fail' : 'Skipping the real-keychain tests'}` +
      `: ${probe.reason} ${how}`,
  )
}

/** In CI a missing keychain fails each test with the reason, rather than a confusing keytar error. */
function requireKeychain(): void {
  if (!probe.ok)
    throw new Error(`CI provides a Secret Service, but the keychain is not usable: ${probe.reason}`)
}

afterAll(async () => {
  if (!probe.ok) return
  for (const baseUrl of [PROD, STAGING]) await store.delete(accountForBaseUrl(baseUrl))
})

describe('KeytarSecretStore against the real Secret Service', () => {
  it.skipIf(skip)('sets, gets and deletes keys for two origins that coexist', async () => {
    requireKeychain()
    const prod = accountForBaseUrl(PROD)
    const staging = accountForBaseUrl(STAGING)
    await store.set(prod, PROD_KEY)
    await store.set(staging, STAGING_KEY)
    expect(await store.get(prod)).toBe(PROD_KEY)
    expect(await store.get(staging)).toBe(STAGING_KEY)

    await store.set(prod, `${PROD_KEY}-rotated`)
    expect(await store.get(prod)).toBe(`${PROD_KEY}-rotated`)
    expect(await store.get(staging)).toBe(STAGING_KEY)

    expect(await store.delete(prod)).toBe(true)
    expect(await store.get(prod)).toBeNull()
    expect(await store.get(staging)).toBe(STAGING_KEY)
    expect(await store.delete(prod)).toBe(false)
    expect(await store.delete(staging)).toBe(true)
  })

  it.skipIf(skip)('keeps a key across runs of the app (a new vault finds it)', async () => {
    requireKeychain()
    const firstRun = new KeyVault(store)
    await firstRun.init()
    expect(firstRun.status(PROD)).toMatchObject({ keychainAvailable: true, keychainProblem: null })
    expect(await firstRun.set(PROD, PROD_KEY)).toMatchObject({
      stored: true,
      storage: 'keychain',
      last4: 'PROD',
    })

    const nextRun = new KeyVault(new KeytarSecretStore(TEST_SERVICE))
    await nextRun.init()
    expect(await nextRun.get(PROD)).toBe(PROD_KEY)
    expect(await nextRun.get(STAGING)).toBeNull()
    await nextRun.clear(PROD)
    expect(await store.get(accountForBaseUrl(PROD))).toBeNull()
  })

  it.skipIf(skip)(
    '`key set` through the CLI reaches the keychain and no file under the user data folder',
    async () => {
      requireKeychain()
      const userDataDir = makeTempDir('tw-keychain-cli-')
      await new SettingsFile(userDataDir).addSymbol('NVDAon')
      const keychain = new KeytarSecretStore(TEST_SERVICE)

      const set = await runKeyCli(['set'], { userDataDir, keychain, stdin: `${PROD_KEY}\n` })
      expect(set).toMatchObject({ code: 0, stderr: '' })
      expect(await store.get(accountForBaseUrl(PROD))).toBe(PROD_KEY)
      expect(filesContaining(userDataDir, PROD_KEY)).toEqual([])

      const status = await runKeyCli(['status'], { userDataDir, keychain })
      expect(status.stdout).toBe(`${PROD}: a key is stored in the system keychain (ends in PROD).\n`)
      expect((await runKeyCli(['clear'], { userDataDir, keychain })).code).toBe(0)
      expect(await store.get(accountForBaseUrl(PROD))).toBeNull()
    },
  )
})
