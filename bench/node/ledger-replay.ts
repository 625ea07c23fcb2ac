import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { replayLedger } from '../../src/main/core/holdings/ledger-replay'
import { Dec } from '../../src/shared/decimal'
import type { CostMethod, Transaction } from '../../src/shared/holdings'
import { runInFreshProcess } from './fresh-process'
import { type Metric, floorOf, measurePair, median, metric, round } from '../report'

/**
 * The holdings ledger's replay: 20,000 transactions over 1,000 symbols, replayed once in a fresh
 * process (a cold start, as when the app opens), beside a plain loop doing the same decimal
 * operations per transaction in a fresh process of its own (issue #32), the two alternately
 * (measurePair). The budget applies to the median of the pairs' ratios (issue #42): the replay at
 * most 1.1x the plain loop. Issue #32 set it as 100 ms when the plain loop read 84-92 ms
 * (BENCHMARKS.md, 27 November); a host that runs the loop in 168-200 ms (2 December) ran the
 * replay unchanged in 82-112 ms, and a plain limit then judged the host, not the replay. The
 * times themselves stay in the report as information.
 */

export interface LedgerReplaySizes {
  transactions: number
  symbols: number
  /** Fresh processes per figure; the median is reported. */
  runs: number
}

export interface LedgerReplayRequest extends LedgerReplaySizes {
  mode: CostMethod | 'plain-loop'
}

/** The replay's budget: at most this many times the plain loop (see above). */
const BUDGET_RATIO = 1.1

/**
 * A ledger that always replays: per symbol, buys and sells in turn, each sell a third of what is
 * held, quantities with 18 decimals, one transaction a minute. Deterministic (no Math.random).
 */
export function benchLedger({ transactions, symbols }: LedgerReplaySizes): Transaction[] {
  const start = Date.parse('2026-01-05T14:30:00Z')
  const held = new Map<number, number>()
  return Array.from({ length: transactions }, (_, i) => {
    const symbol = (i * 7919) % symbols
    const count = held.get(symbol) ?? 0
    held.set(symbol, count + 1)
    const sell = count % 3 === 2
    return {
      id: `t${i + 1}`,
      time: new Date(start + i * 60_000).toISOString(),
      symbol: `S${symbol}on`,
      side: sell ? 'sell' : 'buy',
      quantity: sell ? '0.333333333333333333' : `${1 + (i % 50)}.123456789012345678`,
      price: `${100 + (i % 997)}.${String(i % 10_000).padStart(4, '0')}`,
      fee: i % 4 === 0 ? '0' : '1.25',
      note: null,
    }
  })
}

/** The same decimal operations the replay does per transaction, in a plain loop and one running sum. */
function plainLoop(ledger: readonly Transaction[]): string {
  let quantity = new Dec(0)
  let cost = new Dec(0)
  for (const t of ledger) {
    const q = new Dec(t.quantity)
    const amount = q.times(t.price)
    if (t.side === 'sell') cost.times(q).dividedBy(quantity)
    quantity = t.side === 'buy' ? quantity.plus(q) : quantity.minus(q)
    cost = t.side === 'buy' ? cost.plus(amount.plus(t.fee)) : cost.minus(amount.minus(t.fee))
  }
  return cost.toString()
}

/** One timed run, in the process it is called in (the child's side). */
export async function timeLedgerReplay(request: LedgerReplayRequest): Promise<number> {
  const ledger = benchLedger(request)
  const started = performance.now()
  if (request.mode === 'plain-loop') plainLoop(ledger)
  else if (!replayLedger(ledger, request.mode).ok) throw new Error('the bench ledger does not replay')
  return performance.now() - started
}

export async function ledgerReplayMetrics(
  sizes: LedgerReplaySizes,
  log: (line: string) => void,
): Promise<Metric[]> {
  const child = join(__dirname, 'ledger-replay-child.ts')
  const timed = (mode: LedgerReplayRequest['mode']) => () =>
    runInFreshProcess<number>(child, { ...sizes, mode }, log)
  const loops: number[] = []
  const metrics: Metric[] = []
  for (const method of ['average', 'fifo'] as const) {
    const pairs: { subject: number; floor: number }[] = []
    for (let index = 0; index < sizes.runs; index++)
      pairs.push(await measurePair(index, timed(method), timed('plain-loop')))
    log(
      `ledger ${method} / plain loop, each pair: ` +
        pairs.map((pair) => `${pair.subject.toFixed(1)} / ${pair.floor.toFixed(1)}`).join(', ') +
        ' ms',
    )
    loops.push(...pairs.map((pair) => pair.floor))
    const floor = floorOf(pairs, 'ms')
    metrics.push(
      metric(
        `ledger.replay.${method}.ratioToPlainLoop`,
        sizes.transactions,
        floor.ratio,
        `x plain loop (median of ${pairs.length} pairs)`,
        BUDGET_RATIO,
        floor,
      ),
      metric(`ledger.replay.${method}.coldMs`, sizes.transactions, floor.subject, 'ms', null),
    )
  }
  return [metric('ledger.plainLoop.coldMs', sizes.transactions, round(median(loops)), 'ms', null), ...metrics]
}
