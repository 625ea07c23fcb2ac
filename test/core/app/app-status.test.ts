import { describe, expect, it } from 'vitest'
import { connectionOf, deriveAppStatus, type StatusInputs } from '../../../src/main/core/app/app-status'
import type { PauseReason } from '../../../src/main/core/feed/poll-scheduler'
import { calendarOnlyState } from '../../../src/main/core/service-status/market-cross-check'
import type { EndpointStatus, ErrorKind } from '../../../src/shared/status'

const T = 1_700_000_000_000

function endpoint(state: 'never' | 'ok' | ErrorKind, at = T): EndpointStatus {
  const failed = state !== 'never' && state !== 'ok'
  return {
    cadenceMs: 5_000,
    lastSuccessAt: state === 'ok' ? at : null,
    lastError: failed ? { kind: state, message: `${state} at ${at}`, at, retryAt: null } : null,
    nextPollAt: null,
    inFlight: false,
  }
}

type Row = [
  string,
  ['never' | 'ok' | ErrorKind, 'never' | 'ok' | ErrorKind, 'never' | 'ok' | ErrorKind],
  PauseReason[],
  string,
]

// prices, market, limits; pause reasons; the connection the status bar shows.
const TABLE: Row[] = [
  ['nothing answered yet', ['never', 'never', 'never'], [], 'connecting'],
  ['one endpoint answered', ['ok', 'never', 'never'], [], 'online'],
  ['all answered', ['ok', 'ok', 'ok'], [], 'online'],
  ['market fails, prices live', ['ok', 'server', 'ok'], [], 'degraded'],
  ['limits rate-limited', ['ok', 'ok', 'rate-limited'], [], 'degraded'],
  ['prices cannot reach the service (network)', ['network', 'ok', 'ok'], [], 'offline'],
  ['prices time out', ['timeout', 'ok', 'ok'], [], 'offline'],
  ['no key for prices', ['key-missing', 'never', 'never'], [], 'offline'],
  ['prices rejected by the server: degraded, not offline', ['server', 'ok', 'ok'], [], 'degraded'],
  ['every endpoint fails', ['server', 'server', 'invalid-response'], [], 'offline'],
  ['paused by the user wins over errors', ['server', 'server', 'server'], ['user'], 'paused'],
  ['asleep', ['ok', 'ok', 'ok'], ['suspend'], 'paused'],
  ['the machine is offline, whatever else', ['ok', 'ok', 'ok'], ['user', 'offline'], 'offline'],
]

function inputs(states: Row[1], pauseReasons: PauseReason[]): StatusInputs {
  return {
    demo: false,
    baseUrl: 'https://api.example',
    endpoints: {
      prices: endpoint(states[0], T + 3),
      market: endpoint(states[1], T + 2),
      limits: endpoint(states[2], T + 1),
    },
    pauseReasons,
    pinned: false,
    storageProblem: null,
    keychainProblem: null,
    unreadAlerts: 0,
    service: calendarOnlyState(T),
  }
}

describe('the connection in one word', () => {
  it.each(TABLE)('%s', (_, states, reasons, expected) => {
    expect(connectionOf(inputs(states, reasons))).toBe(expected)
  })
})

describe('deriveAppStatus', () => {
  it('names the newest error, says paused only for the user, and passes the rest through', () => {
    const status = deriveAppStatus({
      ...inputs(['server', 'timeout', 'ok'], ['suspend']),
      demo: true,
      pinned: true,
      storageProblem: 'settings unreadable',
      unreadAlerts: 2,
    })
    expect(status.mode).toBe('demo')
    expect(status.lastError?.kind).toBe('server') // at T + 3, newer than the market's timeout at T + 2
    expect(status.paused).toBe(false) // asleep is not the user's pause
    expect(status).toMatchObject({ pinned: true, storageProblem: 'settings unreadable', unreadAlerts: 2 })
    expect(deriveAppStatus(inputs(['ok', 'ok', 'ok'], ['user'])).paused).toBe(true)
    expect(deriveAppStatus(inputs(['ok', 'ok', 'ok'], [])).lastError).toBeNull()
  })
})
