import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SETTINGS_FILE_NAME } from '../../src/main/core/storage/settings-file'
import type { SimServer } from '../../src/main/sim/server/server'
import { saveKeyInSettings, startServiceAtAppTime } from './app-steps'
import { standinFixture } from './standin-app'

/**
 * The built app on the stand-in Electron against the project's simulator on 127.0.0.1, standing in
 * for the real service: a key stored from the settings switches demo mode to it. The simulator's
 * clock starts where the app's does (Tuesday late morning).
 */

const fixture = standinFixture()
const API_KEY = 'standin-live-key-5c1e9a7b2d'
let sim: SimServer | null = null

afterEach(async () => {
  await sim?.close()
  sim = null
})

describe('a live service on the stand-in', { timeout: 180_000 }, () => {
  it('switches from demo to the service when a key is stored', async () => {
    sim = await startServiceAtAppTime(API_KEY)
    const app = await fixture.start({ settings: { baseUrl: sim.url } })
    await app.pageLoaded()
    await app.waitFor({ text: 'DEMO', exact: true })
    expect(sim.stats().total).toBe(0)

    await saveKeyInSettings(app, API_KEY)
    await app.waitFor({ text: 'DEMO', exact: true }, 'hidden')
    await app.waitUntil(
      async () => sim?.stats().byOutcome.ok ?? 0,
      (ok) => ok > 0,
      'answered requests to the service',
    )
    await app.press('Escape')
    // The key went to the keychain (or this run's memory), never to the settings file.
    expect(await readFile(join(app.userDataDir, SETTINGS_FILE_NAME), 'utf8')).not.toContain(API_KEY)
  })
})
