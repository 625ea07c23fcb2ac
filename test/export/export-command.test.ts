import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { EXPORT_USAGE, runExportCommand } from '../../src/main/cli/export-command'
import { EXIT } from '../../src/main/cli/io'
import { USER_DATA_ENV } from '../../src/main/core/storage/paths'
import { SETTINGS_FILE_NAME, SettingsFile } from '../../src/main/core/storage/settings-file'
import { SnapshotCache } from '../../src/main/core/storage/snapshot-cache'
import type { Snapshot } from '../../src/shared/domain'
import { exportWatchlist } from '../../src/main/core/lists/watchlist-export'
import { WalletsFile } from '../../src/main/core/wallets/wallets-file'
import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'
import { makeTempDir } from '../core/storage/storage-helpers'
import { AS_OF, fullAsset, snapshotOf } from './export-fixtures'
import { settingsWith } from '../support/settings'

/** `tokenwatch export`, run in-process against a temporary user data folder. */

function textSink(): { stream: Writable; text: () => string } {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString()
      done()
    },
  })
  return { stream, text: () => text }
}

async function runExport(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const stdout = textSink()
  const stderr = textSink()
  const code = await runExportCommand(
    argv,
    { stdout: stdout.stream, stderr: stderr.stream, env },
    { now: () => AS_OF },
  )
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

const WATCHLIST = ['TSLAon', 'AAPLon', 'Fon']
const SNAPSHOT = snapshotOf([fullAsset('AAPLon'), fullAsset('TSLAon'), fullAsset('NVDAon')])

async function userData(snapshot: Snapshot | null = SNAPSHOT): Promise<string> {
  const dir = makeTempDir('tw-export-')
  await new SettingsFile(dir).update((settings) => settingsWith({ ...settings, watchlist: WATCHLIST }))
  if (snapshot) await new SnapshotCache(dir).save(snapshot)
  return dir
}

describe('tokenwatch export', () => {
  it('prints the saved watchlist with the cached quotes as CSV', async () => {
    const dir = await userData()
    const result = await runExport(['--format', 'csv', '--user-data', dir])
    expect(result).toEqual({ code: EXIT.ok, stdout: exportWatchlist(WATCHLIST, SNAPSHOT, 'csv'), stderr: '' })
  })

  it('prints JSON, finding the folder through the environment', async () => {
    const dir = await userData()
    const result = await runExport(['--format=json'], { [USER_DATA_ENV]: dir })
    expect(result.code).toBe(EXIT.ok)
    // JSON carries every list (here the one), by name.
    const lists = [{ name: 'Watchlist', symbols: WATCHLIST }]
    // With an empty ledger, as the window's export carries it.
    expect(result.stdout).toBe(
      exportWatchlist(WATCHLIST, SNAPSHOT, 'json', { now: AS_OF, lists, transactions: [] }),
    )
    expect(JSON.parse(result.stdout)).toMatchObject({ watchlist: WATCHLIST, lists })
  })

  it('leaves the watched wallets out of the JSON unless --with-wallets asks (issue 48)', async () => {
    const dir = await userData()
    const wallets = new WalletsFile(dir, () => AS_OF)
    await wallets.load()
    await wallets.add(DEMO_WALLETS.cold, 'Cold')
    const plain = await runExport(['--format', 'json', '--user-data', dir])
    expect(plain.code).toBe(EXIT.ok)
    expect(JSON.parse(plain.stdout)).not.toHaveProperty('wallets')
    expect(plain.stdout.toLowerCase()).not.toContain(DEMO_WALLETS.cold.toLowerCase())
    const asked = await runExport(['--format', 'json', '--with-wallets', '--user-data', dir])
    expect(JSON.parse(asked.stdout).wallets).toEqual([
      { address: DEMO_WALLETS.cold, label: 'Cold', addedAt: new Date(AS_OF).toISOString() },
    ])
    expect(await runExport(['--format', 'csv', '--with-wallets', '--user-data', dir])).toMatchObject({
      code: EXIT.usage,
      stderr: expect.stringContaining('--with-wallets goes with --format json'),
    })
  })

  it('exports the watchlist alone, with a note, when no quotes are cached', async () => {
    const dir = await userData(null)
    const result = await runExport(['--format', 'csv', '--user-data', dir])
    expect(result.code).toBe(EXIT.ok)
    expect(result.stdout).toBe(exportWatchlist(WATCHLIST, null, 'csv'))
    expect(result.stderr).toMatch(/^note: no cached quotes yet/)
  })

  it('uses the cached quotes only if they came from the --base-url asked for', async () => {
    const dir = await userData()
    const same = await runExport([
      '--format',
      'csv',
      '--user-data',
      dir,
      '--base-url',
      'https://api.gm.ondo.finance/',
    ])
    expect(same.stdout).toBe(exportWatchlist(WATCHLIST, SNAPSHOT, 'csv'))
    const other = await runExport([
      '--format',
      'csv',
      '--user-data',
      dir,
      '--base-url',
      'https://other.example',
    ])
    expect(other.stdout).toBe(exportWatchlist(WATCHLIST, null, 'csv'))
    expect(other.stderr).toBe(
      'note: the cached quotes came from https://api.gm.ondo.finance, ' +
        'not https://other.example; exporting the watchlist only.\n',
    )
  })

  it('says when the quotes are from the demo market', async () => {
    const dir = await userData({ ...SNAPSHOT, source: { baseUrl: 'http://127.0.0.1:4321', demo: true } })
    const result = await runExport(['--format', 'json', '--user-data', dir])
    expect(result.stderr).toBe('note: the cached quotes are from the demo market (simulated).\n')
    expect(JSON.parse(result.stdout).assets).toHaveLength(2)
  })

  it('refuses to export the defaults in place of an unreadable settings file', async () => {
    const dir = makeTempDir('tw-export-')
    writeFileSync(path.join(dir, SETTINGS_FILE_NAME), '{ not json')
    const result = await runExport(['--format', 'csv', '--user-data', dir])
    expect(result.code).toBe(EXIT.failed)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^tokenwatch export: Your settings file was unreadable and was moved aside/)
  })

  it.each([
    [[], '--format is required: csv or json.'],
    [['--format', 'xml'], '--format must be csv or json, not "xml".'],
    [['--format', 'csv', '--base-url', 'http://example.com'], '--base-url: plain http:// is allowed only'],
    [['--format', 'csv', '--user-data', ''], '--user-data needs a folder.'],
    [['--format', 'csv', '--watch'], "Unknown option '--watch'"],
    [['--format', 'csv', 'extra'], "Unexpected argument 'extra'"],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const result = await runExport(argv)
    expect(result.code).toBe(EXIT.usage)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`tokenwatch export: ${message}`)
    expect(result.stderr).toMatch(/\(see tokenwatch export --help\)\n$/)
  })

  it('prints its usage for --help', async () => {
    expect(await runExport(['--help'])).toEqual({ code: EXIT.ok, stdout: EXPORT_USAGE, stderr: '' })
  })
})
