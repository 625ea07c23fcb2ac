import { afterEach, describe, expect, it } from 'vitest'
import type { SimServer } from '../../src/main/sim/server/server'
import { saveKeyInSettings, startServiceAtAppTime } from './app-steps'
import { standinFixture } from './standin-app'

/**
 * What the built app's main thread loads, on the stand-in Electron against the simulator on
 * 127.0.0.1 as a real service: the chain clients (viem, @solana/kit), the gRPC stack and the demo
 * simulator are loaded where and when they are used (the poll worker, a wallet read from a node,
 * demo mode), never on a main thread that does not use them. Together they were some 14 MB of its
 * 40 MB heap, which each of its full collections has to mark, and a second or more of its start on
 * a busy host.
 */

const fixture = standinFixture()
const API_KEY = 'standin-modules-key-7d3b9e1a4c'
let sim: SimServer | null = null

afterEach(async () => {
  await sim?.close()
  sim = null
})

/** A loaded file's package (`@scope/name` or `name`) or, for the app's own bundle, its file. */
function loadedNames(files: readonly string[]): string[] {
  return files.map((file) => {
    const inPackages = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)
    return inPackages ? (inPackages[1] as string) : (/out\/main\/(.+)$/.exec(file)?.[1] ?? file)
  })
}

describe("the app's main thread on a real service", { timeout: 180_000 }, () => {
  it('loads no chain client, gRPC or simulator it does not use', async () => {
    sim = await startServiceAtAppTime(API_KEY)
    const app = await fixture.start({ settings: { baseUrl: sim.url, demo: 'off' } })
    await app.pageLoaded()
    await saveKeyInSettings(app, API_KEY)
    // Prices polled and streamed (by the poll worker) and shown: the app is running as it does all day.
    await app.waitUntil(
      async () => sim?.stats().byOutcome.ok ?? 0,
      (ok) => ok > 3,
      'answered requests to the service',
    )
    await app.press('Escape')

    const loaded = loadedNames(await app.loadedModules())
    // The check can fail: the main thread did load its own bundle and libraries.
    expect(loaded).toContain('index.js')
    expect(loaded).toContain('zod')
    expect(loaded).toContain('decimal.js')
    const unused = loaded.filter(
      (name) =>
        ['viem', '@solana/kit', '@grpc/grpc-js', '@grpc/proto-loader', 'protobufjs'].includes(name) ||
        /^chunks\/(demo-market|server|node-balances)-/.test(name),
    )
    expect(unused).toEqual([])
  })
})
