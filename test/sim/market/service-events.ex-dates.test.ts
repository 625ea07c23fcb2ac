import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../../../src/main/sim/market/catalog'
import { AssetEventSchedule } from '../../../src/main/sim/market/service-events'
import { easternClock } from '../../../src/shared/session-clock'

/**
 * The simulator's dividend ex-dates are business days (issue #50: some fell on Sundays, putting
 * their pauses on a Saturday evening). Checked for 100 assets over a year of fixed instants.
 */

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const weekdayOf = (date: string) => WEEKDAY_NAMES[new Date(`${date}T12:00:00Z`).getUTCDay()]

describe('the simulator dividend ex-dates', () => {
  const assets = buildCatalog(100, 1)
  const schedule = new AssetEventSchedule(assets, 1)
  const start = Date.parse('2026-01-05T12:00:00-05:00')
  const DAY = 86_400_000

  it('never fall on a weekend, so no dividend pause starts on a Friday or Saturday evening', () => {
    const exDates = new Set<string>()
    const pauseEvenings = new Set<string>()
    for (let day = 0; day < 365; day += 3)
      for (const event of schedule.eventsAround(start + day * DAY))
        if (event.kind === 'dividend') {
          exDates.add(event.eventId.slice(-10))
          pauseEvenings.add(weekdayOf(easternClock(event.start).date) ?? '')
        }
    expect(exDates.size).toBeGreaterThan(50)
    expect([...exDates].filter((date) => ['Sat', 'Sun'].includes(weekdayOf(date) ?? ''))).toEqual([])
    expect(pauseEvenings.has('Fri')).toBe(false)
    expect(pauseEvenings.has('Sat')).toBe(false)
  })

  it('answer the last ex-date with a business day on or before the day asked', () => {
    for (const asset of assets.slice(0, 30))
      for (let day = 0; day < 365; day += 5) {
        const at = start + day * DAY
        const last = schedule.lastExDate(asset, at)
        expect(['Sat', 'Sun']).not.toContain(weekdayOf(last))
        expect(last <= easternClock(at).date).toBe(true)
      }
  })
})
