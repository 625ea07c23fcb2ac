// This computer's zone for the test, set before any time is formatted: Tokyo, never the zone of
// the machine the test runs on (Node reads TZ again when it is set).
process.env.TZ = 'Asia/Tokyo'

import { describe, expect, it } from 'vitest'
import { startDemoCore } from './demo-core'
import { cleanupAfterEach } from '../../support/cleanups'
import { HistoryCache } from '../../../src/main/core/history/history-cache'
import { HistoryQueue } from '../../../src/main/core/history/history-queue'
import { HistoryService } from '../../../src/main/core/history/history-service'
import { pauseNews } from '../../../src/main/core/alerts/pause-alerts'
import { crossCheckMarket } from '../../../src/main/core/service-status/market-cross-check'
import type { Clock } from '../../../src/main/core/clock'
import type { AppCore } from '../../../src/main/core/app/app-core'
import type { TimeZoneChoice } from '../../../src/shared/display-time'
import { activeList } from '../../../src/shared/watchlists'
import { runCli } from '../../../src/main/cli/run-cli'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'
import { memoryIo } from '../../cli/memory-io'

/**
 * Issue 44 item 14: the times main words for the screen (the ledger's refusals, "recording it
 * since", pause notices, the market cross-check) follow Settings' "Show times in" as the window's
 * times do: market time by default, this computer's zone when chosen. The clock is fixed at
 * Tuesday 2026-11-17 11:32:14 ET (Wednesday 01:32:14 in Tokyo), so nothing depends on the day,
 * hour or zone the test runs in.
 */

const NOW = Date.parse('2026-11-17T11:32:14-05:00')
const clock: Clock = {
  now: () => NOW,
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
}
const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-display-zone-')

async function coreIn(choice: TimeZoneChoice): Promise<{ core: AppCore; symbol: string }> {
  const { core } = await startDemoCore({ userDataDir: tempDir(), now: NOW, cleanups })
  const changed = await core.invoke('updateSettings', { timeZone: choice })
  if (!changed.ok) throw new Error(`refused: ${JSON.stringify(changed.error)}`)
  return { core, symbol: activeList(core.settings.get()).symbols[0] as string }
}

/** Main's refusal of a sell of 4.25 against the 3.5 bought the day before. */
async function oversoldRefusal(core: AppCore, symbol: string): Promise<string> {
  const trade = { symbol, price: '120.20', fee: '0.10' }
  const bought = await core.invoke('addTransaction', {
    ...trade,
    time: '2026-11-16T15:30:00-05:00',
    side: 'buy',
    quantity: '3.5',
  })
  expect(bought.ok).toBe(true)
  const sold = await core.invoke('addTransaction', {
    ...trade,
    time: '2026-11-17T10:00:00-05:00',
    side: 'sell',
    quantity: '4.25',
  })
  if (sold.ok) throw new Error('a sell of 4.25 against 3.5 held must be refused')
  return sold.error.message
}

async function futureRefusal(core: AppCore, symbol: string): Promise<string> {
  const ahead = {
    symbol,
    price: '120.20',
    fee: '0.10',
    time: '2026-11-18T11:40:00-05:00',
    side: 'buy',
    quantity: '3.5',
  }
  const added = await core.invoke('addTransaction', ahead)
  if (added.ok) throw new Error('a trade more than a day ahead must be refused')
  return added.error.message
}

async function recordingNote(): Promise<string | null> {
  const service = new HistoryService({
    client: () => null,
    queue: new HistoryQueue({ clock, minGapMs: 0 }),
    cache: new HistoryCache(null, clock),
    clock,
    recorded: async () => ({ rows: [], since: Date.parse('2026-11-09T10:30:00-05:00') }),
  })
  return (await service.history('NVDAon', '1m')).note
}

function pauseNotice(): string | undefined {
  const split = {
    symbol: 'LLYon',
    status: 'upcoming',
    type: 'scheduled',
    code: 'ASSET_PAUSED',
    reason: 'stock_split',
    start: Date.parse('2026-11-17T20:00:00-05:00'),
    end: Date.parse('2026-11-18T04:00:00-05:00'),
    updateSharesMultiplier: true,
  }
  return pauseNews('LLYon', {}, [split], NOW).news[0]
}

function crossCheckNote(): string | null {
  return crossCheckMarket({
    timestamp: NOW,
    isOpen: false,
    marketStatus: 'paused',
    nextOpen: null,
    nextClose: null,
  }).disagreement
}

describe("main's times follow Settings' zone", () => {
  it('in market time (the default): every text says ET', async () => {
    const { core, symbol } = await coreIn('market')
    expect(await oversoldRefusal(core, symbol)).toBe(
      `Not added: The sell of 4.25 ${symbol} at Nov 17, 2026, 10:00:00 ` +
        `ET is more than the 3.5 ${symbol} held then.`,
    )
    expect(await futureRefusal(core, symbol)).toContain(
      'The time Nov 18, 2026, 11:40:00 ET is more than a day in the future',
    )
    expect(await recordingNote()).toBe(
      'This service publishes no history; Tokenwatch has been recording it since Nov 9, 10:30:00 ET.',
    )
    expect(pauseNotice()).toBe(
      'LLYon: Stock split pause announced from Nov 17, 20:00:00 ET ' +
        'until Nov 18, 04:00:00 ET; the multiplier will change',
    )
    expect(crossCheckNote()).toBe(
      'At Nov 17, 11:32:14 ET the service says the market is paused; ' + 'our calendar says regular.',
    )
  })

  it("in this computer's time (Tokyo): every text says Tokyo's time and its zone, never ET", async () => {
    const { core, symbol } = await coreIn('computer')
    expect(await oversoldRefusal(core, symbol)).toBe(
      `Not added: The sell of 4.25 ${symbol} at Nov 18, 2026, 00:00:00 ` +
        `GMT+9 is more than the 3.5 ${symbol} held then.`,
    )
    expect(await futureRefusal(core, symbol)).toContain(
      'The time Nov 19, 2026, 01:40:00 GMT+9 is more than a day in the future',
    )
    expect(await recordingNote()).toBe(
      'This service publishes no history; Tokenwatch has been recording it since Nov 10, 00:30:00 GMT+9.',
    )
    expect(pauseNotice()).toBe(
      'LLYon: Stock split pause announced from Nov 18, 10:00:00 GMT+9 ' +
        'until Nov 18, 18:00:00 GMT+9; the multiplier will change',
    )
    expect(crossCheckNote()).toBe(
      'At Nov 18, 01:32:14 GMT+9 the service says the market is paused; our calendar says regular.',
    )
  })

  it('a change of the setting is followed at once, and back', async () => {
    const { core, symbol } = await coreIn('computer')
    expect(await futureRefusal(core, symbol)).toContain('Nov 19, 2026, 01:40:00 GMT+9')
    expect((await core.invoke('updateSettings', { timeZone: 'market' })).ok).toBe(true)
    expect(await futureRefusal(core, symbol)).toContain('Nov 18, 2026, 11:40:00 ET')
  })
})

describe("the command line's times follow the app's Settings", () => {
  it.each([
    ['market', 'Nov 18, 2025, 10:00:00 ET'],
    ['computer', 'Nov 19, 2025, 00:00:00 GMT+9'],
  ] as const)('in %s time a refused sell says %s', async (choice, said) => {
    const userData = tempDir()
    await new SettingsFile(userData).patch({ timeZone: choice })
    const { io, stderr } = memoryIo({ TOKENWATCH_USER_DATA: userData })
    // A sell of what was never bought, at a fixed time long past: refused whatever day it runs.
    const argv = [
      'tx',
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'sell',
      '--quantity',
      '2.5',
      '--price',
      '182.35',
    ]
    expect(await runCli([...argv, '--time', '2025-11-18T10:00:00-05:00'], io)).toBe(2)
    expect(stderr()).toBe(
      `tokenwatch tx add: Not added: The sell of 2.5 AAPLon at ${said}` +
        ` is more than the 0 AAPLon held then.\n`,
    )
  })
})
