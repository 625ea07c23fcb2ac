import { describe, expect, it } from 'vitest'
import { runExportCommand } from '../../src/main/cli/export-command'
import { HoldingsFile } from '../../src/main/core/holdings/holdings-file'
import { USER_DATA_ENV } from '../../src/main/core/storage/paths'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import { SnapshotCache } from '../../src/main/core/storage/snapshot-cache'
import { CSV_COLUMNS } from '../../src/main/core/lists/watchlist-export'
import { quoteOf, snapshotOf } from '../renderer/quote-fixtures'
import { makeTempDir } from '../core/storage/storage-helpers'
import { memoryIo } from './memory-io'

/** `tokenwatch export --format csv` fills the holding columns as the window's export does. */

const NOW = Date.parse('2026-11-17T11:00:00-05:00')

async function userDataWithLedger(): Promise<string> {
  const dir = makeTempDir('tw-export-holdings-')
  const settings = new SettingsFile(dir)
  await settings.load()
  const holdings = new HoldingsFile(dir, () => NOW)
  await holdings.load()
  await holdings.add({
    time: '2026-11-16T10:00:00-05:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '2.5',
    price: '90',
    fee: '1',
  })
  const aapl = quoteOf('AAPLon', { price: '100.25', change24h: '1.25' })
  await new SnapshotCache(dir).save(snapshotOf([aapl], NOW))
  return dir
}

describe('tokenwatch export --format csv', () => {
  it(
    'gives each held symbol its quantity, value, P&L and 24 h P&L ' + 'at the cached quote, exactly',
    async () => {
      const dir = await userDataWithLedger()
      const { io, stdout } = memoryIo({ [USER_DATA_ENV]: dir })
      expect(await runExportCommand(['--format', 'csv'], io, { now: () => NOW })).toBe(0)
      const [header, ...rows] = stdout().trimEnd().split('\r\n')
      expect(header).toBe(CSV_COLUMNS.join(','))
      const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name)
      const aapl = rows.map((row) => row.split(',')).find((cells) => cells[0] === 'AAPLon')
      if (!aapl) throw new Error('no AAPLon row')
      expect(aapl[column('holdingQuantity')]).toBe('2.5')
      // 2.5 x 100.25 = 250.625; cost 2.5 x 90 + 1 = 226; 24 h: 2.5 x 1.25.
      expect(aapl[column('holdingValue')]).toBe('250.625')
      expect(aapl[column('holdingPnl')]).toBe('24.625')
      expect(aapl[column('holding24hPnl')]).toBe('3.125')
      const notHeld = rows.map((row) => row.split(',')).find((cells) => cells[0] === 'NVDAon')
      expect(notHeld?.[column('holdingQuantity')]).toBe('')
    },
  )
})

describe('tokenwatch export --format json', () => {
  it('carries the ledger as the window export does', async () => {
    const dir = await userDataWithLedger()
    const { io, stdout } = memoryIo({ [USER_DATA_ENV]: dir })
    expect(await runExportCommand(['--format', 'json'], io, { now: () => NOW })).toBe(0)
    const body = JSON.parse(stdout()) as {
      transactions?: { symbol: string; quantity: string; price: string }[]
    }
    expect(body.transactions).toEqual([
      expect.objectContaining({ symbol: 'AAPLon', quantity: '2.5', price: '90' }),
    ])
  })

  it('with --list NAME keeps the lists key its help promises, holding that list', async () => {
    const dir = await userDataWithLedger()
    const settings = new SettingsFile(dir)
    await settings.load()
    await settings.update((current) => ({
      ...current,
      lists: [
        ...current.lists,
        { ...current.lists[0]!, id: 'l77', name: 'Tech', symbols: ['NVDAon', 'AAPLon'] },
      ],
    }))
    const { io, stdout } = memoryIo({ [USER_DATA_ENV]: dir })
    expect(await runExportCommand(['--format', 'json', '--list', 'tech'], io, { now: () => NOW })).toBe(0)
    const body = JSON.parse(stdout()) as {
      watchlist: string[]
      lists?: { name: string; symbols: string[] }[]
    }
    expect(body.watchlist).toEqual(['NVDAon', 'AAPLon'])
    expect(body.lists).toEqual([{ name: 'Tech', symbols: ['NVDAon', 'AAPLon'] }])
  })
})
