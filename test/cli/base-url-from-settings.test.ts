import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/main/cli/run-cli'
import { runKeyCommand } from '../../src/main/cli/key-command'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import type { Snapshot } from '../../src/shared/domain'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { cleanupAfterEach } from '../support/cleanups'
import { memoryIo } from './memory-io'

/**
 * The command line asks the service the app's settings name (issue #50: `key set` stored the key
 * for the settings' service while `snapshot` asked the default one and said "no API key", a loop).
 */

const KEY = 'cli-settings-key-7d20b1'
// Tuesday 17 November 2026, 10:30 ET: the regular session.
const TUESDAY_MORNING = Date.parse('2026-11-17T10:30:00-05:00')
const { tempDir } = cleanupAfterEach('tw-cli-settings-')
let server: SimServer

beforeAll(async () => {
  server = await startSimServer({ apiKey: KEY, assets: 40, clock: () => TUESDAY_MORNING })
})
afterAll(async () => {
  await server.close()
})

async function dataFolderPointingAt(baseUrl: string): Promise<string> {
  const dir = tempDir()
  const settings = new SettingsFile(dir)
  await settings.load()
  await settings.update((current) => ({ ...current, baseUrl }))
  return dir
}

describe('the service a command asks', () => {
  it('is the one in the app settings when --base-url is not given, said with --verbose', async () => {
    const dir = await dataFolderPointingAt(server.url)
    const run = memoryIo({ TOKENWATCH_USER_DATA: dir, TOKENWATCH_API_KEY: KEY })
    const code = await runCli(['snapshot', '--symbols', 'AAPLon', '--json', '--verbose'], run.io)
    expect(run.stderr()).toContain(`asking ${server.url} (the app's settings, ${dir}/settings.json)`)
    expect(code).toBe(0)
    expect((JSON.parse(run.stdout()) as Snapshot).source.baseUrl).toBe(server.url)
  })

  it('is --base-url when given, said as such with --verbose', async () => {
    const dir = await dataFolderPointingAt('https://staging.example.test')
    const run = memoryIo({ TOKENWATCH_USER_DATA: dir, TOKENWATCH_API_KEY: KEY })
    const code = await runCli(['status', '--base-url', server.url, '--json', '--verbose'], run.io)
    expect(run.stderr()).toContain(`asking ${server.url} (--base-url)`)
    expect(code).toBe(0)
  })

  it('is said in every service command --help', async () => {
    for (const command of ['snapshot', 'watch', 'holdings', 'status', 'capacity', 'dividends', 'history']) {
      const run = memoryIo({})
      expect(await runCli([command, '--help'], run.io)).toBe(0)
      expect(run.stdout(), command).toContain("the app's, from settings.json")
    }
  })
})

describe('key status', () => {
  it('says when TOKENWATCH_API_KEY overrides the keychain', async () => {
    const dir = await dataFolderPointingAt(server.url)
    const withEnv = memoryIo({ TOKENWATCH_USER_DATA: dir, TOKENWATCH_API_KEY: KEY })
    expect(await runKeyCommand(['status'], withEnv.io, { keychain: null })).toBe(0)
    expect(withEnv.stdout()).toContain(`${server.url}: no key stored.`)
    expect(withEnv.stdout()).toContain(
      "TOKENWATCH_API_KEY is set: the commands send it, not the keychain's key.",
    )
    expect(withEnv.stdout()).not.toContain(KEY)

    const without = memoryIo({ TOKENWATCH_USER_DATA: dir })
    expect(await runKeyCommand(['status'], without.io, { keychain: null })).toBe(0)
    expect(without.stdout()).not.toContain('TOKENWATCH_API_KEY')
  })
})
