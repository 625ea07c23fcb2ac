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

describe('describeError', () => {
  const status = statusOf({ baseUrl: 'https://api.example.com', connection: 'offline' }, null)

  it('promises the last good prices only when some are on screen', () => {
    expect(describeError(error('network'), status, true).text).toBe(
      'Cannot reach api.example.com. Showing the last good prices.',
    )
    expect(describeError(error('network'), status, false).text).toBe(
      'Cannot reach api.example.com. No prices have arrived yet.',
    )
    expect(describeError(error('timeout'), status, false).text).not.toContain('last good')
    expect(describeError(error('server'), status, false).text).not.toContain('last good')
  })

  it('says unreadable answers in one plain sentence, without the validator words', () => {
    const text = describeError(
      error('invalid-response', 'primaryMarket.price: expected string'),
      status,
      false,
    )
    expect(text.text).toBe('The answers from api.example.com cannot be read. No prices have arrived yet.')
  })

  it('names the host that has no key and offers to add one', () => {
    expect(describeError(error('key-missing'), status, false)).toEqual({
      text: 'No API key for api.example.com: live prices cannot be fetched.',
      action: 'add-key',
    })
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
