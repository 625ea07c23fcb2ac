import { AppCore } from '../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore, accountForBaseUrl } from '../../src/main/core/secrets/secret-store'
import { startSimServer } from '../../src/main/sim/server/server'
import { simDemoMarket } from '../../src/main/sim/server/demo-market'

/**
 * A process that crashes while live: it runs AppCore with a known key against a simulator, lets
 * it poll and fail, then dies of an uncaught exception carrying the core's last error. Node
 * prints the crash to stderr and writes a diagnostic report (argv[3]); key-confinement.test.ts
 * searches both. The key comes on stdin, so it is in neither the command line nor the environment.
 *
 *   tsx key-crash.child.ts <userDataDir> <reportDir>  < key
 */

async function readStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += String(chunk)
  return text.trim()
}

async function until(probe: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 25))
}

async function main(): Promise<void> {
  const [userDataDir, reportDir] = process.argv.slice(2)
  if (!userDataDir || !reportDir) throw new Error('usage: key-crash.child.ts <userDataDir> <reportDir>')
  process.report.directory = reportDir
  process.report.reportOnUncaughtException = true
  const key = await readStdin()
  const sim = await startSimServer({ apiKey: key, port: 0, assets: 30 })
  const keychain = new MemorySecretStore()
  await keychain.set(accountForBaseUrl(sim.url), key)
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain,
    demo: simDemoMarket({ assets: 30 }),
    requestTimeoutMs: 1_000,
  })
  await core.settings.load()
  await core.settings.patch({ baseUrl: sim.url, cadences: { pricesMs: 1_000 } })
  await core.start()
  await until(() => core.status().endpoints.prices.lastSuccessAt !== null)
  sim.setFaults({ prices: { serverError: 1 } })
  await until(() => core.status().lastError !== null)
  // Dies here, as a bug would, with the core's state in the error.
  throw new Error('simulated crash while live', {
    cause: { status: core.status(), snapshot: core.currentSnapshot() },
  })
}

void main()
