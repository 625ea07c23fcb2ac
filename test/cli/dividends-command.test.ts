import { describe, expect, it } from 'vitest'
import { Dec } from '../../src/shared/decimal'
import { runDividendsCommand } from '../../src/main/cli/dividends-command'
import { useSimService } from './sim-service'

/** `tokenwatch dividends` against the simulator: the yield as sent and as a percent, a spec-only service. */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const service = useSimService()

describe('tokenwatch dividends', () => {
  it('--json: the fraction as sent and its exact percent', async () => {
    service.setTime(TUESDAY_10_00_ET)
    const sent = service.sim().market.dividends('MSFTon')
    const { code, stdout } = await service.run(runDividendsCommand, ['--symbol', 'MSFTon', '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout) as Record<string, unknown>
    expect(report).toMatchObject({
      symbol: 'MSFTon',
      available: true,
      ticker: 'MSFT',
      dividendYield: sent?.dividendYield,
      payoutFrequency: sent?.payoutFrequency,
      lastPaymentDate: sent?.lastPaymentDate,
    })
    // The percent is the fraction sent, times 100 exactly ("0.0245" is "2.45").
    expect(
      new Dec(report.dividendYieldPercent as string).dividedBy(100).equals(sent?.dividendYield as string),
    ).toBe(true)
    expect(report.dividendYieldPercent).toMatch(/^\d+(\.\d+)?$/)
    const words = await service.run(runDividendsCommand, ['--symbol', 'MSFTon'])
    expect(words.stdout.split('\n').slice(0, 2)).toEqual([
      'MSFTon (MSFT)',
      `Yield: ${report.dividendYieldPercent}%`,
    ])
  })

  it('a spec-only service: available false, exit 0, said in words too', async () => {
    service.setService({ specOnly: true })
    const json = await service.run(runDividendsCommand, ['--symbol', 'MSFTon', '--json'])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({
      available: false,
      dividendYield: null,
      lastPaymentDate: null,
    })
    const words = await service.run(runDividendsCommand, ['--symbol', 'MSFTon'])
    expect(words.stdout).toBe('MSFTon: the service does not publish dividends\n')
  })
})
