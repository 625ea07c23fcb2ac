import { describe, expect, it } from 'vitest'
import { replayLedger } from '../../src/main/core/holdings/ledger-replay'
import { displayZone } from '../../src/shared/display-time'
import type { Transaction } from '../../src/shared/holdings'
import { futureTimeProblem } from '../../src/shared/holdings-schema'
import { screenTimeText } from '../../src/main/core/screen-time'
import { formatZonedDateTime } from '../../src/renderer/format'
import { formatTradeTime } from '../../src/renderer/ledger/ledger-view'

/**
 * Issue 44 item 14: a full time on screen is said one way, whether main or the window words it
 * ("Nov 17, 11:32:14 ET"; with the year in the ledger, whose trades span years). ISO stays in
 * files and --json. Each instant is fixed, so nothing depends on when the test runs.
 */

/** Tuesday 2026-11-17 10:00:00 ET. */
const TUESDAY_10_00_ET = '2026-11-17T10:00:00-05:00'
/** Tuesday 2026-11-17 11:32:14 ET. */
const TUESDAY_11_32_14_ET = Date.parse('2026-11-17T11:32:14-05:00')

function trade(time: string, side: 'buy' | 'sell', quantity: string): Transaction {
  return {
    id: `t-${side}-${time}`,
    time,
    symbol: 'NVDAon',
    side,
    quantity,
    price: '120.20',
    fee: '0.10',
    note: null,
  }
}

describe('one human format for a full time', () => {
  it("the ledger's refusal names the trade's time as the ledger's line does, never ISO", () => {
    const replay = replayLedger(
      [trade('2026-11-16T15:30:00-05:00', 'buy', '3.5'), trade(TUESDAY_10_00_ET, 'sell', '4.25')],
      'average',
    )
    if (replay.ok) throw new Error('a sell of 4.25 against 3.5 held must be refused')
    const line = formatTradeTime(TUESDAY_10_00_ET, displayZone('market'))
    expect(line).toBe('Nov 17, 2026, 10:00:00 ET')
    expect(replay.oversold.message).toBe(
      `The sell of 4.25 NVDAon at ${line} is more than the 3.5 NVDAon held then`,
    )
  })

  it('a time refused as too far ahead is said as the ledger says it', () => {
    const now = Date.parse(TUESDAY_10_00_ET)
    const ahead = '2026-11-18T11:40:00-05:00'
    expect(futureTimeProblem(ahead, now, displayZone('market'))).toBe(
      `The time ${formatTradeTime(ahead, displayZone('market'))} is more than a day in the future`,
    )
  })

  it(
    "main's market-time texts (pause alerts, the status, the recording " +
      "note) read as the window's 'As of'",
    () => {
      expect(screenTimeText(TUESDAY_11_32_14_ET)).toBe('Nov 17, 11:32:14 ET')
      expect(screenTimeText(TUESDAY_11_32_14_ET)).toBe(
        formatZonedDateTime(TUESDAY_11_32_14_ET, displayZone('market')),
      )
    },
  )
})
