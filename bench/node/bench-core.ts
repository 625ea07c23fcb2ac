import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serialize } from 'node:v8'
import { AppCore } from '../../src/main/core/app/app-core'
import { accountForBaseUrl, MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import { WorkerPollFeed } from '../../src/main/core/feed/worker/worker-poll-feed'
import { RUN_TYPESCRIPT } from './fresh-process'
import type { SimProcess } from './sim-process'

/**
 * The core as the Electron shell runs it, for the benchmarks: AppCore in live mode against a
 * simulator process, its poll pipeline in a worker thread, each pushed event serialised as
 * Electron's IPC does on the main thread.
 */

export interface PollWorkerScript {
  script: string
  execArgv: string[]
}

/**
 * The app's own poll worker as it ships (`npm run build`), on real time: what the core's CPU is
 * measured with. (Run from its TypeScript source, a worker also loads tsx, whose module-hooks
 * thread costs CPU that the app does not have.)
 */
export const APP_WORKER: PollWorkerScript = {
  script: join(__dirname, '../../out/main/poll-worker.js'),
  execArgv: [],
}
/** The app's poll worker on a faster clock, answering heap requests (fast-clock-poll-worker.ts). */
export const FAST_CLOCK_WORKER: PollWorkerScript = {
  script: join(__dirname, 'fast-clock-poll-worker.ts'),
  execArgv: RUN_TYPESCRIPT,
}

/** AppCore in live mode against the simulator, showing `symbols`, polling in `worker`. */
export async function startBenchCore(
  sim: Pick<SimProcess, 'url' | 'apiKey'>,
  symbols: string[],
  worker: PollWorkerScript,
) {
  if (!existsSync(worker.script))
    throw new Error(`The poll worker ${worker.script} is missing: run \`npx electron-vite build\` first.`)
  const userDataDir = mkdtempSync(join(tmpdir(), 'tokenwatch-bench-main-'))
  const settings = new SettingsFile(userDataDir)
  await settings.load()
  await settings.patch({ baseUrl: sim.url, demo: 'off' })
  await settings.createList('Bench', symbols)
  const keychain = new MemorySecretStore()
  await keychain.set(accountForBaseUrl(sim.url), sim.apiKey)
  const core = new AppCore({
    userDataDir,
    keychain,
    pollFeed: (events) => new WorkerPollFeed(events, worker),
  })
  let deltas = 0
  // What Electron's webContents.send does with each pushed event on the main thread: serialise it
  // with V8's serializer (the window deserialises it in its own process).
  core.on('delta', (delta) => {
    deltas += 1
    serialize(delta)
  })
  core.on('status', (status) => serialize(status))
  core.on('snapshot', (snapshot) => serialize(snapshot))
  await core.start()
  return {
    core,
    deltas: () => deltas,
    close: async () => {
      await core.stop()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}
