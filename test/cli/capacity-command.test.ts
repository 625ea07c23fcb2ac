import { describe, expect, it } from 'vitest'
import { runCapacityCommand } from '../../src/main/cli/capacity-command'
import { useSimService } from './sim-service'

/**
 * `tokenwatch capacity` against the simulator at fixed market times (in the order of those times:
 * the simulated market only moves forward): the per-side JSON, a closed market by 200 and by 403
 * (exit 0, tradingOpen false), a spec-only service (available false, exit 0).
 */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)
const KEYS = [
  'symbol',
  'side',
  'available',
  'tradingOpen',
  'maxTokens',
  'maxNotionalValue',
  'remainingAttestations',
  'reasonCode',
  'reason',
]
const service = useSimService()

describe('tokenwatch capacity', () => {
  it('Tuesday 10:00 ET: both sides by default, the exact shape', async () => {
    service.setTime(TUESDAY_10_00_ET)
    const { code, stdout, stderr } = await service.run(runCapacityCommand, ['--symbol', 'aapl', '--json'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    const sides = JSON.parse(stdout) as Record<string, unknown>[]
    expect(sides.map((side) => side.side)).toEqual(['buy', 'sell'])
    for (const side of sides) {
      expect(Object.keys(side)).toEqual(KEYS)
      expect(side).toMatchObject({
        symbol: 'AAPLon',
        available: true,
        tradingOpen: true,
        maxNotionalValue: '200000',
        reasonCode: null,
      })
      expect(side.maxTokens).toMatch(/^\d+\.\d{6}$/)
    }
  })

  it('in words: what can be bought now', async () => {
    const { stdout } = await service.run(runCapacityCommand, ['--symbol', 'AAPLon', '--side', 'buy'])
    expect(stdout).toMatch(/^AAPLon\nBuy now: up to \d+\.\d{6} tokens or \$200000, 500 requests left\n$/)
  })

  it(
    'the weekend: refused by a 200 and by a 403 MARKET_CLOSED, both ' + 'exit 0 with tradingOpen false',
    async () => {
      service.setTime(SATURDAY_NOON_ET)
      for (const closedMarketForm of ['reason', 'forbidden'] as const) {
        service.setService({ readings: { closedMarketForm } })
        const { code, stdout } = await service.run(runCapacityCommand, [
          '--symbol',
          'AAPLon',
          '--side',
          'buy',
          '--json',
        ])
        expect(code).toBe(0)
        expect(JSON.parse(stdout)).toEqual([
          expect.objectContaining({
            available: true,
            tradingOpen: false,
            reasonCode: 'MARKET_CLOSED',
            reason: 'Weekend/Holiday',
          }),
        ])
      }
    },
  )

  it('a spec-only service: available false with a note, exit 0', async () => {
    service.setService({ specOnly: true })
    const { code, stdout, stderr } = await service.run(runCapacityCommand, ['--symbol', 'AAPLon', '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual(
      ['buy', 'sell'].map((side) => ({
        symbol: 'AAPLon',
        side,
        available: false,
        tradingOpen: null,
        maxTokens: null,
        maxNotionalValue: null,
        remainingAttestations: null,
        reasonCode: null,
        reason: null,
      })),
    )
    expect(stderr).toMatch(/^note: http:\/\/127\.0\.0\.1:\d+ does not publish trading capacity/)
  })

  it('bad usage and an unknown symbol are exit 2', async () => {
    expect((await service.run(runCapacityCommand, [])).code).toBe(2)
    expect((await service.run(runCapacityCommand, ['--symbol', 'AAPLon', '--side', 'hold'])).stderr).toMatch(
      /--side must be buy or sell/,
    )
    expect((await service.run(runCapacityCommand, ['--symbol', 'ZZZZon'])).code).toBe(2)
  })
})
