import { probeKeychain, type SecretStore } from '../../src/main/core/secrets/secret-store'

export type KeychainReach = { ok: true } | { ok: false; reason: string }

/**
 * Whether the real-keychain tests can reach a keychain on this machine, and if not why. Linux and
 * the other Unixes reach it (the Secret Service) over a session bus, which scripts/with-keyring.sh
 * provides: without one there is nothing to ask. macOS and Windows keychains need no bus, so there
 * the keychain itself is asked (a read of an account nobody uses).
 */
export async function reachKeychain(
  store: SecretStore,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): Promise<KeychainReach> {
  if (platform !== 'darwin' && platform !== 'win32' && !env.DBUS_SESSION_BUS_ADDRESS)
    return {
      ok: false,
      reason: 'DBUS_SESSION_BUS_ADDRESS is not set, so there is no session bus to find a keychain on.',
    }
  return probeKeychain(store)
}

/** What a person can do to run them, for the line that says they were skipped. */
export function howToReachKeychain(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'They need a logged-in session whose login keychain is unlocked.'
  if (platform === 'win32') return 'They need a logged-in session with the Windows Credential Manager.'
  const keychainTests = 'test/core/secrets/secret-store.keychain.test.ts'
  return `To run them: bash scripts/with-keyring.sh npx vitest run ${keychainTests}`
}
