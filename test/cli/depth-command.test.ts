import DecimalJs from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { runDepthCommand } from '../../src/main/cli/depth-command'
import { DEFAULT_READINGS } from '../../src/main/sim/market/service-bodies'
import { useSimService } from './sim-service'

/**
 * `tokenwatch depth` against the simulator's REST and gRPC on 127.0.0.1 at fixed market times (in
 * the order of those times: the simulated market only moves forward). Each walk is checked against
 * a level-by-level sum written here with decimal.js, not through the walk's code.
 */

/** Precision enough for 18 decimals on top of the integer digits. */
const Decimal = DecimalJs.clone({ precision: 60 })
type Decimal = InstanceType<typeof Decimal>

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)
const KEYS = [
  'symbol',
  'session',
  'timestamp',
  'error',
  'bids',
  'asks',
  'walk',
  'notWalked',
  'crossed',
  'repairs',
]
const WALK_KEYS = [
  'side',
  'requested',
  'filled',
  'averagePrice',
  'total',
  'slippageVsDisplay',
  'slippageVsFair',
  'exhausted',
  'unit',
  'holds',
]
const service = useSimService()

/** The depth flags with the simulator's stream address; --timeout is a bound for a hang, not a wait. */
const depth = (...argv: string[]) =>
  service.run(runDepthCommand, [
    '--stream-address',
    service.sim().grpcAddress as string,
    '--timeout',
    '60',
    ...argv,
  ])

/** Tokens `size` bought level by level off `asks`: [filled, total]. */
function byHand(levels: { price: string; quantity: string }[], size: string): [Decimal, Decimal] {
  let left = new Decimal(size)
  let total = new Decimal(0)
  for (const level of levels) {
    const take = Decimal.min(left, level.quantity)
    total = total.plus(take.times(level.price))
    left = left.minus(take)
  }
  return [new Decimal(size).minus(left), total]
}

describe('tokenwatch depth', () => {
  it('Tuesday 10:00 ET: the streamed ladder as sent and 250.5 tokens bought across its asks', async () => {
    service.setTime(TUESDAY_10_00_ET)
    const { code, stdout, stderr } = await depth('--symbol', 'aapl', '--size', '250.5', '--json')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const out = JSON.parse(stdout)
    expect(Object.keys(out)).toEqual(KEYS)
    const sent = service.sim().market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!
    expect(out).toMatchObject({
      symbol: 'AAPLon',
      session: 'regular',
      timestamp: sent.timestamp,
      error: null,
      bids: sent.bids,
      asks: sent.asks,
    })
    expect(Object.keys(out.walk)).toEqual(WALK_KEYS)
    const [filled, total] = byHand(sent.asks, '250.5')
    const average = total.div(filled)
    const display = service.sim().market.priceRecord('AAPLon')!.primaryMarket.price
    expect(out.walk).toMatchObject({
      side: 'buy',
      requested: '250.5',
      unit: 'tokens',
      filled: '250.5',
      total: total.toFixed(),
      exhausted: false,
    })
    expect(out.walk.averagePrice).toBe(average.toDecimalPlaces(18).toFixed())
    expect(out.walk.slippageVsDisplay).toBe(average.minus(display).div(display).times(10_000).toFixed(4))
    expect(out.walk.slippageVsFair).toMatch(/^-?\d+\.\d{4}$/)
  })

  it('in words: the ladder with cumulative figures, the spread, and $1,250.40 sold', async () => {
    const { code, stdout } = await depth('--symbol', 'AAPLon', '--side', 'sell', '--notional', '$1,250.40')
    expect(code).toBe(0)
    const sent = service.sim().market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!
    const best = sent.bids[0]!
    expect(stdout).toContain('AAPLon  session regular  at 2025-11-18T15:00:07.000Z (streamed)')
    expect(stdout).toMatch(
      /^Spread \d+\.\d\d bp of the display price \d+\.\d+; mid \d+\.\d\d bp (above|below) it$/m,
    )
    const bestDollars = new Decimal(best.price).times(best.quantity).toFixed()
    expect(stdout).toContain(`  ${best.price}  ${best.quantity}  ${best.quantity}  $${bestDollars}\n`)
    expect(stdout).toMatch(
      new RegExp(
        String.raw`^Sell \$1250\.40: average \d+\.\d+, total \$\d+\.\d+ for \d+\.\d+ tokens; ` +
          String.raw`\d+\.\d{4} bp worse than the display price`,
        'm',
      ),
    )
  })

  it('more than the ladder holds: exhausted, with what it holds', async () => {
    const { code, stdout } = await depth('--symbol', 'AAPLon', '--size', '1000000', '--json')
    expect(code).toBe(0)
    const out = JSON.parse(stdout)
    const holds = out.asks.reduce(
      (sum: Decimal, level: { quantity: string }) => sum.plus(level.quantity),
      new Decimal(0),
    )
    expect(out.walk).toMatchObject({ exhausted: true, filled: holds.toFixed() })
    expect(out.walk.holds.tokens).toBe(holds.toFixed())
  })

  it('bad usage: exit 2 with one line', async () => {
    for (const argv of [
      ['--symbol', 'AAPLon', '--size', '3.5', '--notional', '100.10'],
      ['--symbol', 'AAPLon', '--size=-3.5'],
      ['--symbol', 'AAPLon', '--side', 'short'],
      ['--size', '3.5'],
    ]) {
      const { code, stderr } = await depth(...argv)
      expect(code).toBe(2)
      expect(stderr).toMatch(/^tokenwatch depth: [^\n]+ \(see tokenwatch depth --help\)\n$/)
    }
  })

  it(
    'a Saturday: a conventional token’s ladder says the market is ' + 'closed, no levels, not walked, exit 0',
    async () => {
      service.setTime(SATURDAY_NOON_ET)
      const { code, stdout } = await depth('--symbol', 'AAPLon', '--size', '3.5', '--json')
      expect(code).toBe(0)
      expect(JSON.parse(stdout)).toMatchObject({
        session: 'offhours',
        error: 'MARKET_CLOSED: Weekend/Holiday',
        bids: [],
        asks: [],
        walk: null,
        notWalked: 'MARKET_CLOSED: Weekend/Holiday',
      })
    },
  )

  it('a service with only the spec’s endpoints streams no depth: exit 4, said in one line', async () => {
    service.setService({ specOnly: true })
    const { code, stdout, stderr } = await depth('--symbol', 'AAPLon', '--json')
    expect(code).toBe(4)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      'tokenwatch depth: the service streams no depth (StreamSoftQuoteDepth ' + 'answered UNIMPLEMENTED).\n',
    )
  })
})
