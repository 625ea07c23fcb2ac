import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runExportCommand } from '../../src/main/cli/export-command'
import { runSnapshotCommand } from '../../src/main/cli/snapshot-command'
import { USER_DATA_ENV } from '../../src/main/core/storage/paths'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import type { Snapshot } from '../../src/shared/domain'
import { type FakeService, STAMP_MS, TEST_KEY, startFakeService } from '../core/api/api-client.fixtures'
import { makeTempDir } from '../core/storage/storage-helpers'
import { memoryIo } from './memory-io'

/** `--list NAME`: the CLI reads a saved watchlist where it would read --symbols or the shown list. */

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(async () => {
  await service.close()
})
beforeEach(() => service.reset())

/** A user data folder whose settings hold the lists "Watchlist" (shown) and "Tech". */
async function userData(): Promise<string> {
  const dir = makeTempDir('tw-list-flag-')
  const store = new SettingsFile(dir)
  await store.load()
  await store.createList('Tech', ['NVDAon', 'AAPLon'])
  await store.setActiveList('l1')
  return dir
}

async function run(command: typeof runSnapshotCommand, argv: string[], dir: string) {
  const { io, stdout, stderr } = memoryIo({ TOKENWATCH_API_KEY: TEST_KEY, [USER_DATA_ENV]: dir })
  const code = await command(argv, io, { now: () => STAMP_MS + 60_000, timeoutMs: 2_000 })
  return { code, stdout: stdout(), stderr: stderr() }
}

describe('--list NAME', () => {
  it('snapshot fetches the symbols of the named list (its name read without case)', async () => {
    const dir = await userData()
    const result = await run(runSnapshotCommand, ['--base-url', service.url, '--list', 'tech', '--json'], dir)
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as Snapshot).assets.map((a) => a.symbol)).toEqual(['NVDAon', 'AAPLon'])
  })

  it('refuses an unknown list with exit 2 and one line naming the lists there are', async () => {
    const dir = await userData()
    const result = await run(runSnapshotCommand, ['--base-url', service.url, '--list', 'Crypto'], dir)
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'tokenwatch snapshot: --list: there is no watchlist named "Crypto" ' +
        '(the watchlists: "Watchlist", "Tech"). (see tokenwatch snapshot --help)\n',
    })
    expect(service.requests).toEqual([])
  })

  it('refuses --symbols and --list together', async () => {
    const dir = await userData()
    const result = await run(runSnapshotCommand, ['--symbols', 'AAPLon', '--list', 'Tech'], dir)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('give --symbols or --list, not both')
  })

  it('export prints the named list, else the shown one; an unknown name is exit 2', async () => {
    const dir = await userData()
    const tech = await run(runExportCommand, ['--format', 'csv', '--list', 'Tech'], dir)
    expect(tech.code).toBe(0)
    expect(
      tech.stdout
        .split('\r\n')
        .slice(1, 3)
        .map((row) => row.split(',')[0]),
    ).toEqual(['NVDAon', 'AAPLon'])
    const shown = await run(runExportCommand, ['--format', 'json'], dir)
    expect((JSON.parse(shown.stdout) as { watchlist: string[] }).watchlist[0]).toBe('AAPLon')
    const unknown = await run(runExportCommand, ['--format', 'csv', '--list', 'Nope'], dir)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^tokenwatch export: --list: there is no watchlist named "Nope"/)
  })
})
