import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { HOLDINGS_FILE_NAME } from '../../src/main/core/holdings/holdings-file'
import { standinFixture } from './standin-app'

/**
 * The built app computes the Holdings tab's portfolio over time on a thread of its own
 * (out/main/portfolio-worker.js, started when the chart first asks), not on its main thread, in
 * demo mode on the stand-in. The thread is seen where the OS lists the app's threads.
 */

const fixture = standinFixture()

/** Two buys and a sale of the demo market's tokens, at figures a trader types. */
const LEDGER = {
  version: 1,
  nextId: 4,
  transactions: [
    ...[['t1', '2026-10-06T14:15:00.000Z', 'AAPLon', 'buy', '3.5', '120.20', '0.35']],
    ...[['t2', '2026-10-14T15:30:00.000Z', 'NVDAon', 'buy', '12.25', '100.10', '0.50']],
    ...[['t3', '2026-11-04T15:05:00.000Z', 'AAPLon', 'sell', '1.5', '118.45', '0.15']],
  ].map(([id, time, symbol, side, quantity, price, fee]) => ({
    ...{ id, time, symbol, side, quantity, price, fee, note: null },
  })),
}

/** The names of the app process's threads (Linux). */
async function threadNames(pid: number): Promise<string[]> {
  const tasks = await readdir(`/proc/${pid}/task`)
  const names = await Promise.all(
    tasks.map((task) => readFile(`/proc/${pid}/task/${task}/comm`, 'utf8').catch(() => '')),
  )
  return names.map((name) => name.trim())
}

describe("the portfolio's own thread, in the built app", { timeout: 180_000 }, () => {
  it('starts when the Holdings tab first draws the chart, and the chart is drawn from it', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'tokenwatch-standin-portfolio-'))
    onTestFinished(() => rm(userDataDir, { recursive: true, force: true }))
    await writeFile(join(userDataDir, HOLDINGS_FILE_NAME), JSON.stringify(LEDGER))
    const app = await fixture.start({ userDataDir })
    await app.pageLoaded()
    const pid = app.pid as number
    await app.waitFor({ css: '[role="row"][data-symbol] .cell-price .num' })
    expect(await threadNames(pid)).not.toContain('portfolio')

    await app.click({ role: 'tab', name: 'Holdings' })
    const section = { role: 'region', name: 'Portfolio over time' }
    await app.waitFor({ within: section, css: '.chart-shown .chart-portfolio .chart-tick' })
    expect(await threadNames(pid)).toContain('portfolio')
    // The range's figures and the attribution's total row, from the thread's answer.
    await app.waitFor({ within: section, css: '.portfolio-figure' })
    await app.waitFor({ within: section, text: 'Total' })
  })
})
