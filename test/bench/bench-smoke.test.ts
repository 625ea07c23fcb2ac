import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { JudgedMetric, Summary } from '../../bench/verdict'

/**
 * The benchmarks are not tests, but they must keep working: `npm run bench -- --json --smoke`
 * runs every one at small sizes (budgets reported, not enforced) and must print one well-formed
 * line per metric of BENCHMARKS.md, each a finite number, then the summary. Needs the built
 * renderer (`npm test` builds it first) and Debian's Chromium.
 */

const ROOT = join(__dirname, '..', '..')

/** Every figure BENCHMARKS.md reports. */
const METRICS = [
  'pipeline.prices.ratio',
  'pipeline.prices.ms',
  'pipeline.prices.jsonParseMs',
  'pipeline.market.ratio',
  'pipeline.market.ms',
  'pipeline.market.jsonParseMs',
  'delta.prices.tenthChanged',
  'delta.prices.unchanged',
  'delta.market.tenthChanged',
  'delta.market.unchanged',
  'renderer.coldLoad.ratioToStaticFrame',
  'renderer.coldLoad.firstRowsMs',
  'renderer.coldLoad.sparklinesMs',
  'renderer.coldLoad.staticFirstFrameMs',
  'renderer.coldLoad.blankPageMs',
  'renderer.coldLoad.reactOneRowMs',
  'renderer.coldLoad.reactFirstFrameMs',
  'renderer.coldLoad.reactFirstFrameRatio',
  'renderer.coldLoad.pageRenderedMs',
  'renderer.coldLoad.pageRenderedRatio',
  'main.firstFrame.renderMs',
  'main.firstFrame.coldMs',
  'renderer.delta.commitMs',
  'renderer.delta.wrongRowRenders',
  'renderer.idle.mainThreadBusyPct',
  'renderer.idle.ratioToFloor',
  'renderer.idle.longTasks',
  'renderer.heap.growthPct',
  'renderer.heap.afterSnapshotMB',
  'renderer.heap.afterDeltasMB',
  'renderer.delta.withHoldings.commitMs',
  'renderer.delta.withHoldings.wrongRowRenders',
  'renderer.history.switchTo1YMs',
  'renderer.history.switchToAllMs',
  'renderer.history.uncachedRangeFrames',
  'renderer.history.uncachedRangeMs',
  'renderer.history.simAnswerMs',
  'renderer.keyToPaint.detailFrames',
  'renderer.keyToPaint.detailMs',
  'renderer.keyToPaint.ledgerFrames',
  'renderer.keyToPaint.ledgerMs',
  'renderer.portfolio.switchFrames',
  'renderer.portfolio.switchMs',
  'core.idle.timersSoonerThanCadence',
  'core.idle.minTimerDelayMs',
  'core.idle.wakeupsPerMinute',
  'core.heap.growthPct',
  'core.heap.growthMB',
  'transfer.perSymbol.kBPerMinute',
  'transfer.perSymbol.requestsPerMinute',
  'transfer.allAssets.kBPerMinute',
  'transfer.allAssets.requestsPerMinute',
  'transfer.chosenMode.costRatio',
  'requests.prices.perMinute',
  'requests.market.perMinute',
  'requests.limits.perMinute',
  'requests.status.perMinute',
  'requests.capacity.pairsPerMinute',
  'requests.dividends.perMinute',
  'requests.prices.shortfall',
  'main.eventLoopDelay.p99Ms',
  'main.eventLoopDelay.maxMs',
  'main.eventLoopDelay.deltas',
  'core.cpu.pctOfOneCore',
  'core.cpu.ratioToFloor',
  'core.cpu.msPerMinute',
  'core.heap.ratioToJson',
  'core.heap.heldMB',
  'core.heap.jsonMB',
  'search.keystroke.maxMs',
  'search.keystroke.medianMs',
  'search.index.longestSliceMs',
  'search.index.buildMs',
  'search.index.slowestBuildMs',
  'history.align.ms',
  'history.align.ratio',
  'history.db.megabytes',
  'history.query.1y.ms',
  'history.recording.ms',
  'history.recording.ratio',
  'ledger.plainLoop.coldMs',
  'ledger.replay.average.coldMs',
  'ledger.replay.average.ratioToPlainLoop',
  'ledger.replay.fifo.coldMs',
  'ledger.replay.fifo.ratioToPlainLoop',
  'depth.held.eventLoopDelay.maxMs',
  'depth.held.eventLoopDelay.p99Ms',
  'depth.walk.tokens.medianMs',
  'depth.walk.dollars.medianMs',
  'portfolio.mainThread.computedHere.longestDelayMs',
  'portfolio.mainThread.onItsThread.longestDelayMs',
  'portfolio.replayOnly.coldMs',
  'portfolio.seriesAndFigures.coldMs',
  'portfolio.seriesAndFigures.ratioToReplay',
  'stream.rest.priceAndMarketPerMinute',
  'stream.rest.pricePerMinute',
  'stream.rest.allPricesPerMinute',
  'stream.rest.marketPerMinute',
  'stream.rest.allMarketPerMinute',
  'stream.rest.limitsPerMinute',
  'stream.rest.otherPerMinute',
  'stream.core.cpu.ratioToPolling',
  'stream.latency.streamed.p50Ms',
  'stream.latency.streamed.p99Ms',
  'stream.latency.polled.p50Ms',
  'stream.latency.polled.p99Ms',
]

describe('npm run bench -- --json --smoke', () => {
  it('reports every metric as a finite number, then a summary of the budgets', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'bench', '--', '--json', '--smoke'],
      // A bound for a hang, not a speed limit: with the floors measured beside each figure the smoke
      // run took 227 s beside a CI run on two cores.
      { cwd: ROOT, timeout: 480_000, maxBuffer: 1 << 20 },
    )
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown)
    const summary = lines.pop() as { summary: Summary }
    const metrics = lines as JudgedMetric[]

    for (const line of metrics) {
      expect(Object.keys(line).sort(), line.metric).toEqual([
        'budget',
        'calibration',
        'floor',
        'metric',
        'n',
        'ok',
        'unit',
        'value',
        'verdict',
      ])
      expect(Number.isFinite(line.calibration.busy) && line.calibration.busy >= 1, line.metric).toBe(true)
      expect(line.verdict, line.metric).toBe(
        line.budget === null ? null : line.calibration.busy > 1.5 ? 'not judged' : line.ok ? 'ok' : 'missed',
      )
      expect(Number.isFinite(line.value), `${line.metric} = ${line.value}`).toBe(true)
      expect(line.n === null || Number.isInteger(line.n), line.metric).toBe(true)
      expect(typeof line.unit).toBe('string')
      expect(line.budget === null || Number.isFinite(line.budget), line.metric).toBe(true)
      expect(line.ok, line.metric).toBe(line.budget === null || line.value <= line.budget)
    }
    expect([...new Set(metrics.map((line) => line.metric))].sort()).toEqual([...METRICS].sort())

    const budgeted = metrics.filter((line) => line.budget !== null)
    expect(summary.summary).toEqual({
      ok: budgeted.filter((line) => line.verdict === 'ok').length,
      missed: budgeted.filter((line) => line.verdict === 'missed').length,
      notJudged: budgeted.filter((line) => line.verdict === 'not judged').length,
    })
  }, 500_000)
})
