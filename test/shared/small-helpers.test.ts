import { describe, expect, it } from 'vitest'
import { lastDataAt } from '../../src/shared/data-status'
import { Dec, compareDecimalStrings, toFixedString } from '../../src/shared/decimal'
import { invokeContract } from '../../src/shared/ipc-contract'
import type { AppStatus, EndpointStatus } from '../../src/shared/status'
import { emptyAsset } from '../../src/shared/domain'
import { DEFAULT_SETTINGS, DEFAULT_WATCHLIST, settingsSchema } from '../../src/shared/settings'
import { isConventionalSession } from '../../src/shared/sessions'
import { checkSymbol, isValidSymbol, normalizeSymbolInput } from '../../src/shared/symbols'
import { SECONDS_THRESHOLD, normalizeTimestampMs } from '../../src/main/core/api/wire/timestamps'
import { activeList, listNamed, listsHolding } from '../../src/shared/watchlists'

/** The small pure helpers the rows, the status bar and the lists stand on, at their edges. */

const endpoint = (lastSuccessAt: number | null, errorAt: number | null = null): EndpointStatus => ({
  cadenceMs: 5_000,
  lastSuccessAt,
  lastError: errorAt === null ? null : { kind: 'network', message: 'down', at: errorAt, retryAt: null },
  nextPollAt: null,
  inFlight: false,
})
const statusWith = (prices: EndpointStatus, market: EndpointStatus, limits: EndpointStatus) =>
  ({ endpoints: { prices, market, limits } }) as AppStatus

describe('lastDataAt', () => {
  it('is the newest success of any endpoint, and no failure moves it', () => {
    expect(lastDataAt(statusWith(endpoint(null), endpoint(null), endpoint(null)))).toBeNull()
    expect(lastDataAt(statusWith(endpoint(300), endpoint(100), endpoint(200)))).toBe(300)
    expect(lastDataAt(statusWith(endpoint(100), endpoint(300), endpoint(200)))).toBe(300)
    expect(lastDataAt(statusWith(endpoint(null), endpoint(null), endpoint(200, 900)))).toBe(200)
    expect(lastDataAt(statusWith(endpoint(0), endpoint(null), endpoint(null)))).toBe(0)
  })
})

describe('watchlists', () => {
  const lists = [
    { id: 'l1', name: 'Tech', symbols: ['AAPLon', 'NVDAon'], columns: [], sort: null },
    { id: 'l2', name: 'Banks', symbols: ['JPMon', 'AAPLon'], columns: [], sort: null },
  ]
  it('finds the active list by id, and the first one when the id is missing', () => {
    expect(activeList({ lists, activeListId: 'l2' }).name).toBe('Banks')
    expect(activeList({ lists, activeListId: 'l9' }).name).toBe('Tech')
  })

  it('lists the lists holding a symbol', () => {
    expect(listsHolding({ lists }, 'AAPLon').map((list) => list.id)).toEqual(['l1', 'l2'])
    expect(listsHolding({ lists }, 'JPMon').map((list) => list.id)).toEqual(['l2'])
    expect(listsHolding({ lists }, 'TSLAon')).toEqual([])
  })

  it('finds a list by name whatever its case and surrounding spaces', () => {
    expect(listNamed({ lists }, '  bANKS ')?.id).toBe('l2')
    expect(listNamed({ lists }, 'tech')?.id).toBe('l1')
    expect(listNamed({ lists }, 'Energy')).toBeNull()
    expect(listNamed(DEFAULT_SETTINGS, DEFAULT_SETTINGS.lists[0]!.name)?.id).toBe(
      DEFAULT_SETTINGS.activeListId,
    )
  })
})

describe('decimals', () => {
  it('sorts invalid or missing values last, both ways round', () => {
    expect(compareDecimalStrings('1.5', null)).toBe(-1)
    expect(compareDecimalStrings(undefined, '1.5')).toBe(1)
    expect(compareDecimalStrings('x', null)).toBe(0)
    expect(compareDecimalStrings('2', '10')).toBe(-1)
  })

  it('never writes a zero as a loss, and leaves other negatives alone', () => {
    expect(toFixedString(new Dec('-0.00001'), 2)).toBe('0.00')
    expect(toFixedString(new Dec('-0.4'), 0)).toBe('0')
    expect(toFixedString(new Dec('-10.001'), 2)).toBe('-10.00')
    expect(toFixedString(new Dec('-0.01'), 2)).toBe('-0.01')
  })
})

describe('symbols', () => {
  it('takes 14 characters and refuses 15, with the reason', () => {
    expect(checkSymbol('ABCDEFGHIJKLon')).toEqual({ ok: true, symbol: 'ABCDEFGHIJKLon' })
    expect(checkSymbol('ABCDEFGHIJKLMon')).toEqual({
      ok: false,
      reason: 'symbol is longer than 14 characters',
    })
  })

  it('refuses "all" in any case, the service’s word for every asset', () => {
    for (const input of ['all', 'ALL', 'All'])
      expect(checkSymbol(input)).toEqual({ ok: false, reason: '"all" is not a token symbol' })
  })

  it('reads what a person types', () => {
    expect(normalizeSymbolInput('   ')).toEqual({ ok: false, reason: 'symbol is empty' })
    expect(normalizeSymbolInput(' aapl ')).toEqual({ ok: true, symbol: 'AAPLon' })
    expect(normalizeSymbolInput('aaplON')).toEqual({ ok: true, symbol: 'AAPLon' })
    // "on" is the whole input: a ticker ON, not an empty one with the suffix.
    expect(normalizeSymbolInput('on')).toEqual({ ok: true, symbol: 'ONon' })
    // AON: Aon's AONon when the service lists it, else the suffix reading.
    expect(normalizeSymbolInput('aon', (symbol) => symbol === 'AONon')).toEqual({ ok: true, symbol: 'AONon' })
    expect(normalizeSymbolInput('aon')).toEqual({ ok: true, symbol: 'Aon' })
  })
})

describe('normalizeTimestampMs', () => {
  it('reads below 1e12 as seconds and from 1e12 on as milliseconds', () => {
    expect(normalizeTimestampMs(1_760_000_000)).toBe(1_760_000_000_000)
    expect(normalizeTimestampMs(SECONDS_THRESHOLD)).toBe(SECONDS_THRESHOLD)
    // Just below the threshold, read as seconds, is past the year 9999: refused, not taken as ms.
    expect(normalizeTimestampMs(SECONDS_THRESHOLD - 1)).toBeNull()
    expect(normalizeTimestampMs(1)).toBe(1000)
  })

  it('refuses zero, negatives, and what is past the year 9999', () => {
    expect(normalizeTimestampMs(0)).toBeNull()
    expect(normalizeTimestampMs(-1)).toBeNull()
    expect(normalizeTimestampMs(253_402_300_800_000)).toBeNull()
    expect(normalizeTimestampMs(253_402_300_799_999)).toBe(253_402_300_799_999)
  })
})

describe('emptyAsset', () => {
  it('is a row that claims nothing: no price, no sessions, no limits, not stale', () => {
    const asset = emptyAsset('Fon')
    expect(asset).toMatchObject({
      symbol: 'Fon',
      price: null,
      history24h: [],
      tradableSessions: [],
      otherSessions: [],
      constituentTokens: [],
      underlying: null,
      limits: null,
      stale: false,
    })
  })
})

describe('sessions', () => {
  it('tells the four weekday sessions from off-hours and from anything else', () => {
    const weekday = ['premarket', 'regular', 'postmarket', 'overnight']
    expect(weekday.filter((name) => isConventionalSession(name))).toEqual(weekday)
    expect(['offhours', 'Regular', '', null, 3].filter((value) => isConventionalSession(value))).toEqual([])
  })
})

describe('the default watchlist', () => {
  it('holds distinct, valid token symbols, which the settings schema takes', () => {
    expect(DEFAULT_WATCHLIST.filter((symbol) => isValidSymbol(symbol))).toEqual(DEFAULT_WATCHLIST)
    expect(new Set(DEFAULT_WATCHLIST).size).toBe(DEFAULT_WATCHLIST.length)
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true)
  })

  it('refuses a symbol that is not a token symbol, saying what one looks like', () => {
    const lists = [{ ...DEFAULT_SETTINGS.lists[0], symbols: ['AAPL'] }]
    const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, lists })
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lists.0.symbols.0', 'not a valid token symbol (for example AAPLon)'],
    ])
  })
})

describe('the IPC contract', () => {
  it('takes a move to a whole position from 0 to 10,000 and refuses any other', () => {
    const movesTo = (toIndex: unknown) => [
      invokeContract.moveSymbol.args.safeParse({ symbol: 'AAPLon', toIndex }).success,
      invokeContract.moveList.args.safeParse({ listId: 'l1', toIndex }).success,
    ]
    for (const allowed of [0, 1, 10_000]) expect(movesTo(allowed)).toEqual([true, true])
    for (const refused of [-1, 10_001, 1.5, Number.NaN, '1']) expect(movesTo(refused)).toEqual([false, false])
  })
})
