import { type ChaosReport, type Measurement, THRESHOLDS, failedThresholds, runChaos } from './chaos-run'
import { type Cell, formatTable } from './table'

/**
 * `npm run chaos`: the long chaos run (at least 2,000 polls), its figures as a table; with `--json`
 * stdout is one JSON document, the eight headline figures, and the tables go to stderr. Exits 1 when a figure
 * misses
 * its threshold. Options: --cycles N (default 2000), --seed N (default 1).
 */

function option(args: readonly string[], name: string): number | undefined {
  const index = args.indexOf(name)
  if (index < 0) return undefined
  const value = Number(args[index + 1])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a whole number above 0`)
  return value
}

const describe = (m: Measurement | null) =>
  m ? `${m.cadences} cadences, ${m.desk} desk, after a ${m.after}` : '-'

function tables(report: ChaosReport): string {
  const { figures, details } = report
  const limits: Record<string, string> = {
    crashes: `= ${THRESHOLDS.crashes}`,
    unhandledRejections: `= ${THRESHOLDS.unhandledRejections}`,
    corruptValues: `= ${THRESHOLDS.corruptValues}`,
    staleDetectionMaxCadences: `<= ${THRESHOLDS.staleDetectionMaxCadences}`,
    recoveryMaxCadences: `<= ${THRESHOLDS.recoveryMaxCadences}`,
    rateLimitViolations: `= ${THRESHOLDS.rateLimitViolations}`,
    heapGrowthPct: `<= ${THRESHOLDS.heapGrowthPct}`,
    keyLeaks: `= ${THRESHOLDS.keyLeaks}`,
    cycles: '>= 2000 (long form)',
  }
  const failed = new Set(failedThresholds(figures).map((line) => line.split(' ')[0]))
  const headline = Object.entries(figures).map(([name, value]): Cell[] => [
    name,
    value,
    limits[name] ?? '',
    name === 'cycles' ? '' : failed.has(name) ? 'FAIL' : 'ok',
  ])
  const outcomes = Object.entries(details.outcomes)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]): Cell[] => [outcome, count, `${((count / details.requests) * 100).toFixed(1)} %`])
  const side = Object.entries(details.sideOutcomes).map(([endpoint, counts]): Cell[] => [
    endpoint,
    Object.entries(counts)
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(', '),
  ])
  const run: Cell[][] = [
    ['rounds', details.rounds],
    ['virtual minutes', details.virtualMinutes],
    ['real seconds', details.realSeconds],
    ['polls: prices / market / limits', Object.values(details.pollsByEndpoint).join(' / ')],
    ['requests the server saw', details.requests],
    ['answers that asked to wait (429)', details.askedToWait],
    [
      'failures the client saw',
      Object.entries(details.clientFailures)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    ],
    ['slowest recovery', describe(details.slowestRecovery)],
    ['requests failed while recovering', details.failuresWhileRecovering],
    ['slowest stale flag', describe(details.slowestStaleFlag)],
    ['server kills / 403 bursts', `${details.outages} / ${details.bursts}`],
    ['deltas pushed / values checked', `${details.deltas} / ${details.valuesChecked}`],
    ['beyond-spec calls / values checked', `${details.sideCalls} / ${details.sideValuesChecked}`],
    [
      'heap floor early / late (MB)',
      `${details.heapFloorEarlyMB ?? '-'} / ${details.heapFloorLateMB ?? '-'}`,
    ],
    ['heap samples', details.heapSamples],
  ]
  const parts = [
    formatTable('Chaos run: figures', ['figure', 'value', 'threshold', 'verdict'], headline),
    formatTable('The run', ['what', 'value'], run),
    formatTable('What the server answered', ['outcome', 'requests', 'share'], outcomes),
    formatTable(
      'The endpoints beyond the spec, as the client ended each call',
      ['endpoint', 'outcomes'],
      side,
    ),
  ]
  if (details.corruptExamples.length > 0)
    parts.push(
      formatTable(
        'Corrupt values (first few)',
        ['symbol', 'field', 'value'],
        details.corruptExamples.map((c) => [c.symbol, c.field, c.value]),
      ),
    )
  if (details.crashMessages.length > 0)
    parts.push(
      formatTable(
        'Crashes',
        ['message'],
        details.crashMessages.map((m) => [m]),
      ),
    )
  return parts.join('\n\n')
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const report = await runChaos({
    cycles: option(args, '--cycles') ?? 2_000,
    seed: option(args, '--seed') ?? 1,
    log: (line) => process.stderr.write(`chaos: ${line}\n`),
  })
  const failures = failedThresholds(report.figures)
  const json = args.includes('--json')
  // With --json, stdout is the JSON document alone, for a script to parse; the tables are for people.
  const tablesTo = json ? process.stderr : process.stdout
  tablesTo.write(`${tables(report)}\n\n`)
  tablesTo.write(
    failures.length === 0
      ? 'chaos: every figure within its threshold\n'
      : `chaos: FAILED ${failures.join('; ')}\n`,
  )
  if (json) process.stdout.write(`${JSON.stringify(report.figures)}\n`)
  process.exitCode = failures.length === 0 ? 0 : 1
}

main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 2
})
