import { startSimServer } from '../../src/main/sim/server/server'
import { BENCH_INSTANT } from './sim-bodies'

/**
 * The simulator for bench/node/sim-process.ts: `tsx bench/node/sim-child.ts <key> <assets> <speed>`.
 * Its market time starts at the benchmarks' fixed instant and runs `speed` times faster than real
 * time, so that a poll worker on virtual time (which polls again as soon as a poll lands) finds
 * prices that moved since its last poll, as it would at real cadences. It says where it listens,
 * then its symbols in listing order, one line each.
 */
const [apiKey, assets, speed] = process.argv.slice(2)
if (!apiKey || !assets || !speed) throw new Error('usage: sim-child.ts <key> <assets> <speed>')
const startedAt = Date.now()
const clock = () => BENCH_INSTANT + (Date.now() - startedAt) * Number(speed)
void startSimServer({ apiKey, port: 0, assets: Number(assets), clock }).then((sim) => {
  process.stdout.write(`listening on ${sim.url}\n${JSON.stringify(sim.market.symbols())}\n`)
  process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)))
})
