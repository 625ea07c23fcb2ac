import { startSimServer } from '../../src/main/sim/server/server'
import { SnapshotState } from '../../src/main/core/feed/snapshot-state'
import { parseAllMarketResponse } from '../../src/main/core/api/wire/wire-parse'
import { deltaPieces } from '../../src/main/core/feed/worker/delta-pieces'
import { type PackedDelta, packHistories, unpackHistories } from '../../src/shared/packed-histories'
import { withDeltaAssets } from '../../src/shared/delta'
import { BENCH_INSTANT } from './bench-instant'

/**
 * What the all-assets market answer's delta weighs while streaming (issue #46, BENCHMARKS.md,
 * "The minute delta"): the simulator's `/v1/assets/all/market` one minute after the answer the
 * core already holds, and fifteen minutes after (the 24-hour window slides by a grid point),
 * through the poll worker's own steps: parse, fold, commit, cut and packed, then the window's
 * (each piece parsed from its text, unpacked and applied to the rows it holds). Each step's CPU
 * (process.cpuUsage) over ROUNDS rounds on a fresh state, the median printed with the bytes the
 * worker posts. Run on its own: `npx tsx bench/node/minute-delta.ts [assets]`.
 */

const KEY = 'bench-key-0123456789'
const ROUNDS = 15
const SOURCE = { baseUrl: 'http://127.0.0.1', demo: true }

let now = BENCH_INSTANT

function cpuMs(work: () => void): number {
  const start = process.cpuUsage()
  work()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

async function main(): Promise<void> {
  const assets = Number(process.argv[2] ?? 400)
  const sim = await startSimServer({ apiKey: KEY, port: 0, assets, seed: 1, clock: () => now, grpc: false })
  const bodyAt = async (at: number): Promise<string> => {
    now = at
    const response = await fetch(`${sim.url}/v1/assets/all/market`, { headers: { 'x-api-key': KEY } })
    return response.text()
  }
  try {
    const before = await bodyAt(BENCH_INSTANT + 30_000)
    for (const [name, after] of [
      ['a minute later', await bodyAt(BENCH_INSTANT + 90_000)],
      ['fifteen minutes later (a grid point more)', await bodyAt(BENCH_INSTANT + 15 * 60_000 + 30_000)],
    ] as const) {
      const steps: Record<'parse' | 'fold' | 'commit' | 'pieces' | 'window', number[]> = {
        parse: [],
        fold: [],
        commit: [],
        pieces: [],
        window: [],
      }
      let bytes = 0
      let pieceCount = 0
      for (let round = 0; round < ROUNDS; round++) {
        const first = parseAllMarketResponse(JSON.parse(before)).records
        const state = new SnapshotState(
          SOURCE,
          first.map((record) => record.primaryMarket.symbol),
        )
        state.applyMarket(first, BENCH_INSTANT)
        state.commit(BENCH_INSTANT)
        let records = first
        let delta = null as ReturnType<SnapshotState['commit']>
        let posted: string[] = []
        steps.parse.push(cpuMs(() => (records = parseAllMarketResponse(JSON.parse(after)).records)))
        steps.fold.push(cpuMs(() => state.applyMarket(records, BENCH_INSTANT + 60_000)))
        steps.commit.push(cpuMs(() => (delta = state.commit(BENCH_INSTANT + 60_000))))
        steps.pieces.push(
          cpuMs(() => {
            posted = delta ? deltaPieces(delta).map((piece) => JSON.stringify(packHistories(piece))) : []
          }),
        )
        const held = new Map(state.snapshot().assets.map((asset) => [asset.symbol, asset]))
        // The rows as the window held them before this answer: the first answer's.
        const earlier = new SnapshotState(SOURCE, [...held.keys()])
        earlier.applyMarket(first, BENCH_INSTANT)
        const rows = new Map(earlier.snapshot().assets.map((asset) => [asset.symbol, asset]))
        steps.window.push(
          cpuMs(() => {
            for (const text of posted) withDeltaAssets(rows, unpackHistories(JSON.parse(text) as PackedDelta))
          }),
        )
        for (const [symbol, asset] of rows)
          if (JSON.stringify(asset) !== JSON.stringify(held.get(symbol)))
            throw new Error(`${symbol}: the window's row is not the core's after the delta`)
        bytes = posted.reduce((sum, text) => sum + text.length, 0)
        pieceCount = posted.length
      }
      const figures = Object.entries(steps).map(([step, times]) => `${step} ${median(times).toFixed(1)}`)
      console.log(
        `${assets} assets, ${name}: ${(bytes / 1000).toFixed(1)} kB in ${pieceCount} pieces; ` +
          `CPU ms (median of ${ROUNDS}): ${figures.join(', ')}`,
      )
    }
  } finally {
    await sim.close()
  }
}

void main()
