import { describe, expect, it } from 'vitest'
import { describeCondition } from '../../src/shared/alert-text'
import type { AlertCondition } from '../../src/shared/alerts'
import type { SessionLimit, SessionLimits } from '../../src/shared/domain'
import { sessionAlertRefusal } from '../../src/main/core/alerts/session-alerts'
import { offhoursTokenCount, sessionHeadline } from '../../src/shared/session-text'
import { quoteOf } from '../renderer/quote-fixtures'

/**
 * What the app says about sessions, word for word: the header and tray headline, the count of
 * tokens trading off-hours, the refusal of a session alert that could never fire, and a session
 * alert as the alert list reads it.
 */

const limit = (tradable: boolean): SessionLimit => ({
  tradable,
  maxAttestationCount: '1000',
  maxActiveNotionalValue: '1000000',
})
const limits = (tradable: Partial<Record<keyof SessionLimits, boolean>>): SessionLimits => ({
  premarket: null,
  regular: null,
  postmarket: null,
  overnight: null,
  offhours: null,
  ...Object.fromEntries(Object.entries(tradable).map(([session, value]) => [session, limit(value)])),
})
const sessionAlert = (
  session: 'regular' | 'offhours' | 'any',
  event: 'open' | 'close' | 'both' = 'open',
): AlertCondition => ({ kind: 'session', session, event })

describe('the session headline', () => {
  it('names the session, a pause, or a closed market and who still trades', () => {
    expect(sessionHeadline('regular', 0)).toBe('Regular')
    expect(sessionHeadline('overnight', 3)).toBe('Overnight')
    expect(sessionHeadline('paused', 3)).toBe('Paused')
    expect(sessionHeadline('closed', 0)).toBe('Market closed')
    expect(sessionHeadline('closed', 1)).toBe('Closed, off-hours for 1 token')
    expect(sessionHeadline('closed', 6)).toBe('Closed, off-hours for 6 tokens')
  })

  it('counts the tokens trading off-hours, the limits deciding before the listed sessions', () => {
    const listed = quoteOf('AAPLon', { tradableSessions: ['regular', 'offhours'] })
    const notListed = quoteOf('TSLAon', { tradableSessions: ['regular'] })
    const allowedByLimits = quoteOf('NVDAon', {
      tradableSessions: ['regular'],
      limits: limits({ offhours: true }),
    })
    const refusedByLimits = quoteOf('SPYon', {
      tradableSessions: ['offhours'],
      limits: limits({ offhours: false }),
    })
    expect(offhoursTokenCount([listed, notListed, undefined, allowedByLimits, refusedByLimits])).toBe(2)
    expect(offhoursTokenCount([])).toBe(0)
  })
})

describe('a session alert that could never fire', () => {
  const known = { marketTimestamp: 1_700_000_000_000, limitsTimestamp: null }

  it('is refused with the sessions the token does trade in, as their badges read', () => {
    const asset = quoteOf('AAPLon', { ...known, tradableSessions: ['premarket', 'regular', 'overnight'] })
    expect(sessionAlertRefusal(asset, sessionAlert('offhours'))).toBe(
      'AAPLon cannot trade in the Off-hours session, so this alert would never fire: ' +
        'choose a session it trades in (PRE, REG, ON)',
    )
  })

  it('says so when the token trades in no session at all', () => {
    const asset = quoteOf('AAPLon', { ...known, tradableSessions: [] })
    expect(sessionAlertRefusal(asset, sessionAlert('regular'))).toBe(
      'AAPLon cannot trade in the Regular session, so this alert would ' +
        'never fire: it trades in no session now',
    )
  })

  it('is allowed on a session the token trades in, on any session, and before its sessions are known', () => {
    const asset = quoteOf('AAPLon', { ...known, tradableSessions: ['regular'] })
    expect(sessionAlertRefusal(asset, sessionAlert('regular'))).toBeNull()
    expect(sessionAlertRefusal(asset, sessionAlert('any'))).toBeNull()
    const unknown = quoteOf('AAPLon', { marketTimestamp: null, limitsTimestamp: null, tradableSessions: [] })
    expect(sessionAlertRefusal(unknown, sessionAlert('regular'))).toBeNull()
    // Known from the limits alone: refused by them.
    const fromLimits = quoteOf('AAPLon', {
      marketTimestamp: null,
      limitsTimestamp: 1_700_000_000_000,
      tradableSessions: ['regular'],
      limits: limits({ regular: false }),
    })
    expect(sessionAlertRefusal(fromLimits, sessionAlert('regular'))).toBe(
      'AAPLon cannot trade in the Regular session, so this alert would ' +
        'never fire: it trades in no session now',
    )
  })

  it('reads in the alert list by session and event', () => {
    expect(describeCondition(sessionAlert('regular', 'open'))).toBe('Regular session opens while tradable')
    expect(describeCondition(sessionAlert('offhours', 'close'))).toBe(
      'Off-hours session closes while tradable',
    )
    expect(describeCondition(sessionAlert('any', 'both'))).toBe('any session opens or closes while tradable')
    expect(
      describeCondition({
        kind: 'premium-pct',
        direction: 'down',
        thresholdPct: '2',
        rearmBand: '0.5',
      } as never),
    ).toBe('discount to fair value beyond 2%')
    expect(
      describeCondition({
        kind: 'premium-pct',
        direction: 'either',
        thresholdPct: '2',
        rearmBand: '0.5',
      } as never),
    ).toBe('premium or discount to fair value beyond 2%')
  })
})
