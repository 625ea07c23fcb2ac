import Decimal from 'decimal.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runHoldingsCommand } from '../../src/main/cli/holdings-command'
import { runTxCommand } from '../../src/main/cli/tx-command'
import { runWalletCommand } from '../../src/main/cli/wallet-command'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import type { HoldingsReport } from '../../src/shared/holdings'
import type { QuantitySource } from '../../src/shared/holdings'
import { memoryIo } from './memory-io'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * `tokenwatch holdings` under each quantity source (issue 48, item 4), in-process over the
 * simulator at Wednesday 2026-11-25 10:30 ET. The demo wallets Cold and Hot hold 15.5 NVDAon; the
 * ledger bought 20.25 at 130.15 (a sale of 4.75 missing).
 */

const NOW = Date.parse('2026-11-25T15:30:00Z')
const KEY = 'cli-quantities-key-5b02'
let server: SimServer
const { tempDir } = cleanupAfterEach('tw-quantities-cli-')
let userData: string

beforeAll(async () => {
  server = await startSimServer({ apiKey: KEY, assets: 30, clock: () => NOW, grpc: false })
})
afterAll(async () => {
  await server.close()
})
beforeEach(async () => {
  userData = tempDir()
  const { io } = memoryIo({ TOKENWATCH_USER_DATA: userData })
  const added = await runTxCommand(
    ['add', '--symbol', 'NVDAon', '--side', 'buy', '--quantity', '20.25', '--price', '130.15'],
    io,
    { now: () => NOW, readStoredKey: async () => null },
  )
  expect(added).toBe(0)
})

async function holdings(source: QuantitySource, ...argv: string[]) {
  const settings = new SettingsFile(userData)
  await settings.load()
  await settings.patch({ quantitySource: source })
  const { io, stdout, stderr } = memoryIo({ TOKENWATCH_USER_DATA: userData, TOKENWATCH_API_KEY: KEY })
  const code = await runHoldingsCommand(['--base-url', server.url, ...argv], io, {
    now: () => NOW,
    readStoredKey: async () => null,
  })
  return { code, stdout: stdout(), stderr: stderr() }
}

async function watch(address: string, label: string) {
  const { io } = memoryIo({ TOKENWATCH_USER_DATA: userData })
  expect(await runWalletCommand(['add', address, '--label', label], io, { now: () => NOW })).toBe(0)
}

describe('tokenwatch holdings: where the quantities come from', () => {
  it('prints "quantitySource" in --json and the source under the table', async () => {
    const ledger = await holdings('ledger', '--json')
    expect(ledger.code).toBe(0)
    expect(JSON.parse(ledger.stdout)).toMatchObject({ quantitySource: 'ledger', quantityFallback: null })
    const table = await holdings('ledger')
    expect(table.stdout).toMatch(/Quantities: ledger\.\n$/)
  })

  it('with the wallets chosen and none watched, uses the ledger and says so', async () => {
    const fallback = await holdings('wallets', '--json')
    const report = JSON.parse(fallback.stdout) as HoldingsReport
    expect(report).toMatchObject({
      quantitySource: 'ledger',
      quantityFallback: 'No wallet is watched: quantities from the ledger',
    })
    expect(report.positions[0]).toMatchObject({ symbol: 'NVDAon', quantity: '20.25' })
    expect(fallback.stderr).toContain('note: No wallet is watched: quantities from the ledger.')
  })

  it("reads the wallets now and costs them at the ledger's average", async () => {
    await watch(DEMO_WALLETS.cold, 'Cold')
    await watch(DEMO_WALLETS.hot, 'Hot')
    const costed = await holdings('wallets-ledger-cost', '--json')
    expect(costed.code).toBe(0)
    const report = JSON.parse(costed.stdout) as HoldingsReport
    expect(report.quantitySource).toBe('wallets-ledger-cost')
    const nvda = report.positions.find((position) => position.symbol === 'NVDAon')
    expect(nvda).toMatchObject({ quantity: '15.5', quantityFrom: 'wallets', ledgerQuantity: '20.25' })
    const cost = new Decimal('20.25').times('130.15').dividedBy('20.25').times('15.5')
    expect(new Decimal(nvda?.cost as string).eq(cost)).toBe(true)
    expect(
      new Decimal(nvda?.unrealized as string).eq(
        new Decimal(nvda?.price as string).times('15.5').minus(cost),
      ),
    ).toBe(true)
    const table = await holdings('wallets')
    expect(table.stdout).toMatch(/Quantities: wallets\.\n$/)
    expect(table.stdout).toMatch(/NVDAon +15\.5 .*no cost basis/)
  })
})
