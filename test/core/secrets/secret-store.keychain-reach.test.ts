import { describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { howToReachKeychain, reachKeychain } from '../../support/keychain-reach'
import { BrokenKeychain } from './secrets-helpers'

/**
 * When the real-keychain tests (secrets.keychain.test.ts) run and when they are skipped, per
 * system: a session bus is needed only where the keychain is the Secret Service.
 */

describe('reachKeychain', () => {
  it('on Linux without a session bus, skips without touching a keychain', async () => {
    const keychain = new BrokenKeychain()
    expect(await reachKeychain(keychain, 'linux', {})).toEqual({
      ok: false,
      reason: 'DBUS_SESSION_BUS_ADDRESS is not set, so there is no session bus to find a keychain on.',
    })
    expect(keychain.calls).toBe(0)
  })

  it('on Linux with a session bus, asks the keychain', async () => {
    const bus = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' }
    expect(await reachKeychain(new MemorySecretStore(), 'linux', bus)).toEqual({ ok: true })
  })

  it('on macOS and Windows, asks the OS keychain with no bus at all', async () => {
    for (const platform of ['darwin', 'win32'] as const) {
      expect(await reachKeychain(new MemorySecretStore(), platform, {})).toEqual({ ok: true })
      const locked = new BrokenKeychain('User canceled the operation.')
      expect(await reachKeychain(locked, platform, {})).toEqual({
        ok: false,
        reason: 'The keychain is locked and could not be unlocked.',
      })
      expect(locked.calls).toBe(1)
    }
  })

  it('tells the person what would let them run, per system', () => {
    expect(howToReachKeychain('linux')).toContain('bash scripts/with-keyring.sh npx vitest run')
    expect(howToReachKeychain('darwin')).toContain('login keychain is unlocked')
    expect(howToReachKeychain('win32')).toContain('Credential Manager')
  })
})
