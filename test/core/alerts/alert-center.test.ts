import { describe, expect, it } from 'vitest'
import { AlertCenter } from '../../../src/main/core/alerts/alert-center'
import type { AlertLogEntry } from '../../../src/shared/alerts'
import type { Snapshot, SnapshotSource } from '../../../src/shared/domain'
import { makeTempDir } from '../storage/storage-helpers'
import { quote, SYMBOL, T0 } from './alert-fixtures'

/** The alert center in main: engine state is kept per service, so a switch is no crossing. */

const DEMO: SnapshotSource = { baseUrl: 'http://127.0.0.1:40001', demo: true }
const LIVE: SnapshotSource = { baseUrl: 'https://api.example.test', demo: false }

function snapshotAt(source: SnapshotSource, price: string, asOf: number): Snapshot {
  return { asOf, source, assets: [quote({ price })], errors: [] }
}

async function centerWithAlert() {
  let now = T0
  const fired: AlertLogEntry[] = []
  const center = new AlertCenter({
    userDataDir: makeTempDir('tw-alert-center-'),
    clock: { now: () => now, setTimeout: () => null, clearTimeout: () => {} },
    onFired: (entry) => fired.push(entry),
    onUnreadChange: () => {},
  })
  await center.load()
  await center.file.create({
    symbol: SYMBOL,
    condition: { kind: 'price-above', level: '200' },
    cooldownMs: 0,
  })
  const observe = async (source: SnapshotSource, price: string) => {
    now += 5_000
    await center.evaluate(snapshotAt(source, price, now))
  }
  return { fired, observe }
}

describe('AlertCenter', () => {
  it('fires on a crossing seen on one service', async () => {
    const { fired, observe } = await centerWithAlert()
    await observe(LIVE, '199')
    await observe(LIVE, '201')
    expect(fired.map((entry) => entry.message)).toEqual(['AAPLon crossed above 200 at 201'])
  })

  it('does not fire when the simulated price was below and the real one is above', async () => {
    const { fired, observe } = await centerWithAlert()
    await observe(DEMO, '199')
    await observe(LIVE, '201')
    await observe(LIVE, '202')
    expect(fired).toEqual([])
    // Then it works on the new service.
    await observe(LIVE, '198')
    await observe(LIVE, '201')
    expect(fired).toHaveLength(1)
  })

  it('keeps its state across restarts of the simulator, which is one service', async () => {
    const { fired, observe } = await centerWithAlert()
    await observe(DEMO, '199')
    await observe({ ...DEMO, baseUrl: 'http://127.0.0.1:40002' }, '201')
    expect(fired).toHaveLength(1)
  })
})
