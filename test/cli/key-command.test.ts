import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import { SnapshotCache } from '../../src/main/core/storage/snapshot-cache'
import { emptyAsset } from '../../src/shared/domain'
import { filesContaining, makeTempDir } from '../core/storage/storage-helpers'
import { BrokenKeychain, runKeyCli } from '../core/secrets/secrets-helpers'

const PROD = 'https://api.gm.ondo.finance'
const KEY = 'tw_live_5f3a9c0e7d2b4a61WXYZ'

function setup() {
  return { userDataDir: makeTempDir('tw-key-cli-'), keychain: new MemorySecretStore() }
}

describe('tokenwatch key set', () => {
  it.each([
    ['a trailing newline', `${KEY}\n`],
    ['a Windows line ending', `${KEY}\r\n`],
    ['no line ending', KEY],
  ])('stores the key read from standard input with %s', async (_what, stdin) => {
    const { userDataDir, keychain } = setup()
    const run = await runKeyCli(['set', '--base-url', PROD], { userDataDir, keychain, stdin })
    expect(run).toEqual({
      code: 0,
      stdout: `Stored. ${PROD}: a key is stored in the system keychain (ends in WXYZ).\n`,
      stderr: '',
    })
    expect(await keychain.get(PROD)).toBe(KEY)
  })

  it('uses the base URL from the settings when none is given', async () => {
    const { userDataDir, keychain } = setup()
    await new SettingsFile(userDataDir).patch({ baseUrl: 'https://staging.example.com/api' })
    const run = await runKeyCli(['set'], { userDataDir, keychain, stdin: `${KEY}\n` })
    expect(run.code).toBe(0)
    expect(await keychain.get('https://staging.example.com')).toBe(KEY)
    expect(await keychain.get(PROD)).toBeNull()
  })

  it.each([
    ['as an argument', ['set', KEY]],
    ['as an option', ['set', `--key=${KEY}`]],
    ['after the base URL', ['set', '--base-url', PROD, KEY]],
  ])('refuses a key given %s, without repeating it', async (_how, argv) => {
    const { userDataDir, keychain } = setup()
    const run = await runKeyCli(argv, { userDataDir, keychain, stdin: `${KEY}\n` })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^The key is read from standard input only, never from the command line/)
    expect(run.stdout + run.stderr).not.toContain(KEY)
    expect(await keychain.get(PROD)).toBeNull()
  })

  it.each([
    ['nothing', '', 'No key on standard input.'],
    ['only a newline', '\n', 'No key on standard input.'],
    ['a short key', 'abc\n', 'That is not an API key: an API key is at least 8 characters.'],
    [
      'two words',
      'abcdefgh ijklmnop\n',
      'That is not an API key: an API key has no spaces or special characters.',
    ],
  ])('refuses %s on standard input', async (_what, stdin, message) => {
    const { userDataDir, keychain } = setup()
    const run = await runKeyCli(['set', '--base-url', PROD], { userDataDir, keychain, stdin })
    expect(run).toEqual({ code: 2, stdout: '', stderr: `${message}\n` })
  })

  it('exits 5 and says why when there is no keychain, before reading the key', async () => {
    const { userDataDir } = setup()
    const stdin = new PassThrough() // never written: reading it would hang the test
    const run = await runKeyCli(['set', '--base-url', PROD], {
      userDataDir,
      keychain: new BrokenKeychain(),
      stdin,
    })
    expect(run.code).toBe(5)
    expect(run.stderr).toMatch(/^Cannot store the key: No desktop session bus \(D-Bus\) is running/)
  })

  it('reads the key from a terminal without echoing it', async () => {
    const { userDataDir, keychain } = setup()
    const rawModes: boolean[] = []
    const terminal = Object.assign(new PassThrough(), {
      isTTY: true,
      setRawMode(mode: boolean) {
        rawModes.push(mode)
        return this
      },
    })
    // Typed with one mistake corrected by backspace, then Enter.
    setImmediate(() => terminal.write(`${KEY}q\u007f\r`))
    const run = await runKeyCli(['set', '--base-url', PROD], { userDataDir, keychain, stdin: terminal })
    expect(run.code).toBe(0)
    expect(await keychain.get(PROD)).toBe(KEY)
    expect(rawModes).toEqual([true, false])
    expect(run.stderr).toBe('API key (input hidden): \n')
    expect(run.stdout).not.toContain(KEY)
  })

  it('leaves the key in no file under the user data folder', async () => {
    const { userDataDir, keychain } = setup()
    const settings = new SettingsFile(userDataDir)
    await settings.addSymbol('NVDAon')
    const run = await runKeyCli(['set'], { userDataDir, keychain, stdin: `${KEY}\n` })
    expect(run.code).toBe(0)
    await settings.patch({ pinned: true })
    await new SnapshotCache(userDataDir).save({
      asOf: 1,
      source: { baseUrl: PROD, demo: false },
      assets: [emptyAsset('NVDAon')],
      errors: [],
    })

    expect(filesContaining(userDataDir, KEY)).toEqual([])
    expect(filesContaining(userDataDir, 'NVDAon').length).toBeGreaterThan(0) // the scan does see the files
    expect(await keychain.get(PROD)).toBe(KEY)
  })
})

describe('tokenwatch key status and clear', () => {
  it('reports a stored key by its last 4 characters only', async () => {
    const { userDataDir, keychain } = setup()
    await keychain.set(PROD, KEY)
    const run = await runKeyCli(['status', '--base-url', `${PROD}/`], { userDataDir, keychain })
    expect(run).toEqual({
      code: 0,
      stdout: `${PROD}: a key is stored in the system keychain (ends in WXYZ).\n`,
      stderr: '',
    })
  })

  it('reports when no key is stored', async () => {
    const { userDataDir, keychain } = setup()
    const run = await runKeyCli(['status', `--base-url=${PROD}`], { userDataDir, keychain })
    expect(run).toEqual({ code: 0, stdout: `${PROD}: no key stored.\n`, stderr: '' })
  })

  it('explains a missing keychain in the status', async () => {
    const { userDataDir } = setup()
    const run = await runKeyCli(['status', '--base-url', PROD], { userDataDir, keychain: null })
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(
      `${PROD}: no key stored.\nThe system keychain is not available: ` +
        `No system keychain is available to this app.\n`,
    )
  })

  it('clears a stored key', async () => {
    const { userDataDir, keychain } = setup()
    await keychain.set(PROD, KEY)
    const run = await runKeyCli(['clear', '--base-url', PROD], { userDataDir, keychain })
    expect(run).toEqual({ code: 0, stdout: `${PROD}: key removed (if one was stored).\n`, stderr: '' })
    expect(await keychain.get(PROD)).toBeNull()
  })

  it('exits 5 when asked to clear without a keychain', async () => {
    const { userDataDir } = setup()
    const run = await runKeyCli(['clear', '--base-url', PROD], {
      userDataDir,
      keychain: new BrokenKeychain(),
    })
    expect(run.code).toBe(5)
    expect(run.stderr).toMatch(/^Cannot clear the key: /)
  })
})

describe('tokenwatch key usage', () => {
  it.each([
    [['rotate'], 'Unknown key command: use set, status or clear.'],
    [[], 'Which key command?'],
    [['status', '--verbose'], 'Unexpected argument: key status takes only --base-url URL.'],
    [['clear', KEY], 'Unexpected argument: key clear takes only --base-url URL.'],
    [['status', '--base-url'], '--base-url needs a URL, for example https://api.gm.ondo.finance'],
    [
      ['set', '--base-url', 'http://example.com'],
      '--base-url: plain http:// is allowed only to this computer',
    ],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const { userDataDir, keychain } = setup()
    const run = await runKeyCli(argv, { userDataDir, keychain })
    expect(run.code).toBe(2)
    expect(run.stderr.startsWith(message)).toBe(true)
    expect(run.stderr).toContain('Usage:')
    expect(run.stderr).not.toContain(KEY)
  })

  it('prints the usage on --help', async () => {
    const { userDataDir, keychain } = setup()
    const run = await runKeyCli(['--help'], { userDataDir, keychain })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('tokenwatch key set [--base-url URL]')
  })
})
