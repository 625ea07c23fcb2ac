import { describe, expect, it } from 'vitest'
import type { StatusError } from '../../src/shared/status'
import { describeError, rowProblem } from '../../src/renderer/problem-text'
import { statusOf } from './quote-fixtures'

/** Problems in a trader's words; nothing claimed that is not there. */

const error = (kind: StatusError['kind'], message = 'fetch failed'): StatusError => ({
  kind,
  message,
  at: 1_700_000_000_000,
  retryAt: null,
})

/** Any instant: with no endpoint answering these errors are about, the time changes no words. */
const NOW = 1_700_000_000_000

describe('describeError', () => {
  const status = statusOf({ baseUrl: 'https://api.example.com', connection: 'offline' }, null)

  it('promises the last good prices only when some are on screen', () => {
    expect(describeError(error('network'), status, true, NOW).text).toBe(
      'Cannot reach api.example.com. Showing the last good prices.',
    )
    expect(describeError(error('network'), status, false, NOW).text).toBe(
      'Cannot reach api.example.com. No prices have arrived yet.',
    )
    expect(describeError(error('timeout'), status, false, NOW).text).not.toContain('last good')
    expect(describeError(error('server'), status, false, NOW).text).not.toContain('last good')
  })

  it('says unreadable answers in one plain sentence, without the validator words', () => {
    const text = describeError(
      error('invalid-response', 'primaryMarket.price: expected string'),
      status,
      false,
      NOW,
    )
    expect(text.text).toBe('The answers from api.example.com cannot be read. No prices have arrived yet.')
  })

  it('names the host that has no key and offers to add one', () => {
    expect(describeError(error('key-missing'), status, false, NOW)).toEqual({
      text: 'No API key for api.example.com: live prices cannot be fetched.',
      action: 'add-key',
    })
  })
})

describe('describeError while prices are live and market data fails', () => {
  const at = 1_700_000_000_000
  const marketFailing = (marketLastSuccessAt: number | null) => {
    const status = statusOf({}, at)
    status.endpoints.market = {
      ...status.endpoints.market,
      lastSuccessAt: marketLastSuccessAt,
      lastError: error('server'),
    }
    return status
  }

  it('names what is old and what is live, never "the last good prices"', () => {
    const status = marketFailing(at - 10 * 60_000)
    const { text } = describeError(error('server'), status, true, at + 1_000)
    expect(text).toBe('api.example.com had a problem on its side. Market data 10m old; prices live.')
  })

  it('says when market data never arrived while prices do', () => {
    const { text } = describeError(error('server'), marketFailing(null), true, at + 1_000)
    expect(text).toContain('No market data yet; prices live.')
  })

  it('keeps "the last good prices" once the prices go silent too', () => {
    const status = marketFailing(at - 10 * 60_000)
    // Prices last answered at `at`; 11 s later is past twice their 5 s cadence.
    const { text } = describeError(error('server'), status, true, at + 11_000)
    expect(text).toBe('api.example.com had a problem on its side. Showing the last good prices.')
  })
})

describe('rowProblem', () => {
  it('says in trader words why a row never had data', () => {
    const unreadable = {
      scope: 'AAPLon',
      code: 'INVALID_RECORD',
      message: 'primaryMarket.price: expected string',
    }
    expect(rowProblem(unreadable, null)).toEqual({
      text: 'The service sent data for it that cannot be read',
      short: 'Unreadable',
      detail: unreadable.message,
    })
    const down = statusOf({ baseUrl: 'https://api.example.com' }, null)
    down.endpoints.prices = { ...down.endpoints.prices, lastError: error('network') }
    expect(rowProblem(null, down)?.text).toBe('No data yet: cannot reach api.example.com')
  })

  it('says nothing while the data may simply still be coming', () => {
    expect(rowProblem(null, statusOf({}, null))).toBeNull()
    expect(rowProblem(null, null)).toBeNull()
  })
})
