import { beforeEach, describe, expect, it } from 'vitest'
import {
  addFiredEntry,
  alertStore,
  forgetFresh,
  initialAlertsState,
  logEntryKey,
  logMarkedRead,
  setAlertLog,
} from '../../src/renderer/alerts/alert-store'
import type { AlertLogEntry } from '../../src/shared/alerts'

const entry = (alertId: string, at: number, read = false): AlertLogEntry => ({
  alertId,
  symbol: 'AAPLon',
  kind: 'price-above',
  message: `AAPLon crossed above 200.00 at 200.${at}`,
  value: '200.13',
  at,
  sound: false,
  read,
})

beforeEach(() => alertStore.setState(initialAlertsState, true))

describe('alert store', () => {
  it('puts a fired alert first, once, with main’s unread count', () => {
    setAlertLog([entry('a', 1, true)])
    addFiredEntry(entry('b', 2), 1)
    // The same firing again (the push raced the log loaded at start): still once.
    addFiredEntry(entry('b', 2), 1)
    const state = alertStore.getState()
    expect(state.log.map(logEntryKey)).toEqual(['b@2', 'a@1'])
    expect(state.unread).toBe(1)
  })

  it('keeps what was unread drawn as new after the log is marked read, until it is closed', () => {
    setAlertLog([entry('b', 2), entry('a', 1, true)])
    logMarkedRead([entry('b', 2, true), entry('a', 1, true)])
    let state = alertStore.getState()
    expect(state.unread).toBe(0)
    expect(state.log.every((held) => held.read)).toBe(true)
    expect([...state.fresh]).toEqual(['b@2'])

    addFiredEntry(entry('c', 3), 1)
    logMarkedRead([entry('c', 3, true), entry('b', 2, true), entry('a', 1, true)])
    state = alertStore.getState()
    expect([...state.fresh].sort()).toEqual(['b@2', 'c@3'])

    forgetFresh()
    expect(alertStore.getState().fresh.size).toBe(0)
  })
})
