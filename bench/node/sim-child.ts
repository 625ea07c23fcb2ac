import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage } from 'node:http'
import { startSimServer } from '../../src/main/sim/server/server'
import { BENCH_INSTANT } from './bench-instant'

/**
 * The simulator for bench/node/sim-process.ts: `tsx bench/node/sim-child.ts <key> <assets> <speed>`.
 * Its market time starts at the benchmarks' fixed instant and runs `speed` times faster than real
 * time, so that a poll worker on virtual time (which polls again as soon as a poll lands) finds
 * prices that moved since its last poll, as it would at real cadences. It says where it listens,
 * then its symbols in listing order, then its gRPC address ("grpc 127.0.0.1:PORT"), one line each.
 * With `log-requests`, it then says each request it receives ("request <ms since start> <path>"),
 * for a floor that repeats the same network work (bench/node/network-floor.ts).
 */
const [apiKey, assets, speed, ...flags] = process.argv.slice(2)
if (!apiKey || !assets || !speed)
  throw new Error('usage: sim-child.ts <key> <assets> <speed> [log-requests] [stamp-writes]')
/**
 * One clock for everything this process says: performance.timeOrigin + performance.now(), the
 * clock the page under test stamps what it shows on (bench/node/update-latency.ts). The market's
 * time runs from it too, so a polled price's start (when its market step began) and a streamed
 * price's (when it was written) are read on the same clock as the page's end.
 */
const now = () => performance.timeOrigin + performance.now()
const startedAt = now()
const clock = () => BENCH_INSTANT + (now() - startedAt) * Number(speed)
/**
 * With `stamp-writes`: after the gRPC address, the instant its market time started ("started
 * <epoch ms>", the market's BENCH_INSTANT), then each streamed price as it is written ("wrote
 * <epoch ms> <symbol> <token price>"), both on that clock.
 */
const stampWrites = flags.includes('stamp-writes')
const onPriceFrame = (updates: readonly { symbol: string; token_price: string }[]) => {
  const at = now().toFixed(3)
  process.stdout.write(
    updates.map((update) => `wrote ${at} ${update.symbol} ${update.token_price}\n`).join(''),
  )
}
if (flags.includes('log-requests'))
  subscribe('http.server.request.start', (message) => {
    const { request } = message as { request: IncomingMessage }
    process.stdout.write(`request ${Math.round(now() - startedAt)} ${request.url ?? ''}\n`)
  })
const options = { apiKey, port: 0, assets: Number(assets), clock, ...(stampWrites ? { onPriceFrame } : {}) }
void startSimServer(options).then((sim) => {
  process.stdout.write(`listening on ${sim.url}\n${JSON.stringify(sim.market.symbols())}\n`)
  process.stdout.write(`grpc ${sim.grpcAddress ?? 'none'}\n`)
  if (stampWrites) process.stdout.write(`started ${startedAt.toFixed(3)}\n`)
  process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)))
})
