import { describe, expect, it } from 'vitest'
import { runStatusCommand } from '../../src/main/cli/status-command'
import { LLY_SPLIT } from '../../src/main/sim/market/real-assets'
import { memoryIo } from './memory-io'
import { useSimService } from './sim-service'

/** `tokenwatch status` against the simulator at fixed market times: the exact JSON shape and exit codes. */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)
const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)
/** The simulated market only moves forward: the tests run in the order of their market times. */
const service = useSimService()

const MARKET_KEYS = [
  'source',
  'marketStatus',
  'isOpen',
  'offhoursOpen',
  'nextOpenSession',
  'nextOpen',
  'nextClose',
  'reason',
  'calendarAgrees',
]
const PAUSE_KEYS = ['symbol', 'status', 'type', 'code', 'reason', 'start', 'end', 'updateSharesMultiplier']

describe('tokenwatch status', () => {
  it('in words, with the service named as the source', async () => {
    service.setTime(TUESDAY_10_00_ET)
    const { code, stdout } = await service.run(runStatusCommand, [])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Market: regular, open \(the service says\)\nCloses: Nov 18, 15:59:00 ET\n/)
  })

  it('a rejected key is exit 3; a rate limit exit 4', async () => {
    const { io, stderr } = memoryIo({ TOKENWATCH_API_KEY: 'not-the-key' })
    expect(
      await runStatusCommand(['--base-url', service.sim().url], io, { readStoredKey: async () => null }),
    ).toBe(3)
    expect(stderr()).toMatch(/^tokenwatch status: The API key was rejected/)
    service.sim().setFaults({ status: { rateLimit: 1 } })
    try {
      expect((await service.run(runStatusCommand, [])).code).toBe(4)
    } finally {
      service.sim().setFaults({})
    }
  })

  it('an unknown flag is exit 2', async () => {
    expect((await service.run(runStatusCommand, ['--symbol', 'AAPLon'])).code).toBe(2)
  })
})

describe('tokenwatch status --json', () => {
  it('an unscheduled pause: the service state printed, the disagreement on stderr', async () => {
    service.setTime(TUESDAY_10_00_ET)
    service.setService({ readings: { marketPause: { start: TUESDAY_10_00_ET - 60_000, end: null } } })
    const { code, stdout, stderr } = await service.run(runStatusCommand, ['--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout).market).toMatchObject({
      source: 'service',
      marketStatus: 'paused',
      isOpen: false,
      reason: 'market_paused',
      nextOpen: null,
      calendarAgrees: false,
    })
    expect(stderr).toBe(
      'note: At Nov 18, 10:00:07 ET the service says the market is ' +
        'paused (market_paused: Unscheduled_Downtime); our calendar says regular.\n',
    )
  })

  it('the weekend, off-hours read as `offhours`: off-hours open, the calendar agrees', async () => {
    service.setTime(SATURDAY_NOON_ET)
    service.setService({ readings: { offhoursReading: 'offhours' } })
    const { stdout } = await service.run(runStatusCommand, ['--json'])
    expect(JSON.parse(stdout).market).toMatchObject({
      marketStatus: 'offhours',
      offhoursOpen: true,
      calendarAgrees: true,
    })
  })

  it('a spec-only service: the calendar, marked as such; pauses null (not known), exit 0', async () => {
    service.setTime(SATURDAY_NOON_ET)
    service.setService({ specOnly: true })
    const { code, stdout } = await service.run(runStatusCommand, ['--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual({
      market: {
        source: 'calendar',
        marketStatus: 'closed',
        isOpen: false,
        offhoursOpen: true,
        nextOpenSession: 'overnight',
        nextOpen: Date.UTC(2025, 10, 24, 1, 5),
        nextClose: null,
        reason: null,
        calendarAgrees: null,
      },
      pauses: null,
    })
  })

  it(
    'the evening before a split: the service agrees with the calendar, ' + 'LLY paused with its end',
    async () => {
      service.setTime(EVENING_BEFORE_SPLIT)
      const { code, stdout, stderr } = await service.run(runStatusCommand, ['--json'])
      expect(code).toBe(0)
      expect(stderr).toBe('')
      const report = JSON.parse(stdout) as {
        market: Record<string, unknown>
        pauses: Record<string, unknown>[]
      }
      expect(Object.keys(report)).toEqual(['market', 'pauses'])
      expect(Object.keys(report.market)).toEqual(MARKET_KEYS)
      expect(report.market).toMatchObject({
        source: 'service',
        marketStatus: 'overnight',
        calendarAgrees: true,
      })
      for (const pause of report.pauses) expect(Object.keys(pause)).toEqual(PAUSE_KEYS)
      expect(report.pauses).toContainEqual({
        symbol: 'LLYon',
        status: 'active',
        type: 'scheduled',
        code: 'ASSET_PAUSED',
        reason: 'stock_split',
        start: Date.UTC(2026, 10, 16, 0, 50),
        end: LLY_SPLIT.at,
        updateSharesMultiplier: true,
      })
    },
  )
})
