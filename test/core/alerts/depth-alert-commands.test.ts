import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AlertCenter } from '../../../src/main/core/alerts/alert-center'
import { alertCommands } from '../../../src/main/core/alerts/commands'
import { dispatch } from '../../../src/main/core/app/dispatch'
import type { CommandHandlers } from '../../../src/main/core/command-handlers'
import type { Alert } from '../../../src/shared/alerts'
import type { Snapshot } from '../../../src/shared/domain'
import { cleanupAfterEach } from '../../support/cleanups'
import { manualClock } from '../../support/manual-clock'

/**
 * The depth alerts through main's own checks: every argument from the window is checked against the
 * contract before a handler runs, so a bad spread or an empty size is refused with its field named;
 * a good one is saved in alerts.json beside the older kinds, and a file written before the depth
 * kinds existed is still read as it was.
 */

const { tempDir } = cleanupAfterEach('tokenwatch-depth-alerts-')
const TUESDAY_11 = Date.parse('2026-11-17T11:00:00-05:00')

async function commands(userDataDir = tempDir()) {
  const center = new AlertCenter({
    userDataDir,
    clock: manualClock(TUESDAY_11).scheduler,
    onFired: () => {},
    onUnreadChange: () => {},
  })
  await center.load()
  const handlers = alertCommands({
    alerts: center,
    // No quotes: the depth kinds ask nothing of them.
    feed: { snapshot: () => ({ assets: [] }) as unknown as Snapshot },
    alertsChanged: (result) => result,
  }) as unknown as CommandHandlers
  return {
    center,
    userDataDir,
    invoke: (name: 'createAlert' | 'listAlerts' | 'getIdleAlerts', args: unknown) =>
      dispatch(handlers, name, args),
  }
}

const spread = (thresholdBp: unknown) => ({
  input: { symbol: 'AAPLon', condition: { kind: 'spread-bp', thresholdBp } },
})
const liquidity = (fields: Record<string, unknown>) => ({
  input: {
    symbol: 'AAPLon',
    condition: { kind: 'depth-below', side: 'bids', levels: 5, size: '3.5', unit: 'tokens', ...fields },
  },
})

describe('depth alerts through main’s checks', () => {
  it.each([
    ['-5', 'The spread must be more than 0'],
    ['0', 'The spread must be more than 0'],
    ['abc', 'The spread must be a number such as 25'],
    ['', 'The spread is required'],
    [25, 'The spread must be a number such as 25'],
    ['10000.01', 'The spread must be at most 10000'],
  ])('a spread of %j bp is refused: %s', async (thresholdBp, message) => {
    const { invoke, center } = await commands()
    expect(await invoke('createAlert', spread(thresholdBp))).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message, field: 'input.condition.thresholdBp' },
    })
    expect(center.file.list()).toEqual([])
  })

  it.each([
    [{ size: '' }, 'input.condition.size', 'The size is required'],
    [{ size: '-3.5' }, 'input.condition.size', 'The size must be more than 0'],
    [{ levels: 0 }, 'input.condition.levels', 'At least 1 level'],
    [{ levels: 2.5 }, 'input.condition.levels', 'The levels must be a whole number'],
    [{ levels: 51 }, 'input.condition.levels', 'At most 50 levels'],
    [{ side: 'both' }, 'input.condition.side', 'Choose bids or asks'],
    [{ unit: 'shares' }, 'input.condition.unit', 'Choose tokens or dollars'],
    [{ extra: 1 }, 'input.condition', expect.any(String)],
  ])('a liquidity alert with %j is refused', async (fields, field, message) => {
    const { invoke } = await commands()
    expect(await invoke('createAlert', liquidity(fields))).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message, field },
    })
  })

  it('good ones are saved in alerts.json and read back; an older file without them still reads', async () => {
    const userDataDir = tempDir()
    const file = join(userDataDir, 'alerts.json')
    const older = {
      version: 1,
      alerts: [
        {
          id: 'old-1',
          createdAt: TUESDAY_11 - 86_400_000,
          symbol: 'NVDAon',
          condition: { kind: 'price-above', level: '120.20', rearmBand: '0.25' },
          enabled: true,
          cooldownMs: 300_000,
          sound: false,
        },
      ],
    }
    writeFileSync(file, JSON.stringify(older))
    const { invoke } = await commands(userDataDir)
    const first = await invoke('createAlert', spread('25.5'))
    expect(first.ok, JSON.stringify(first)).toBe(true)
    const created = await invoke('createAlert', liquidity({ unit: 'dollars', size: '1250.40' }))
    expect(created.ok).toBe(true)
    const saved = JSON.parse(readFileSync(file, 'utf8')) as typeof older
    expect(saved.version).toBe(1)
    expect(saved.alerts.map((alert) => alert.condition)).toEqual([
      older.alerts[0]?.condition,
      { kind: 'spread-bp', thresholdBp: '25.5' },
      { kind: 'depth-below', side: 'bids', levels: 5, size: '1250.40', unit: 'dollars' },
    ])
    const reread = await commands(userDataDir)
    const listed = await reread.invoke('listAlerts', undefined)
    expect(listed.ok && (listed.value as Alert[]).map((alert) => alert.condition.kind)).toEqual([
      'price-above',
      'spread-bp',
      'depth-below',
    ])
    expect(reread.center.problem()).toBeNull()
    // Before the depth stream is connected, both depth alerts say so; the price alert is never idle.
    reread.center.depthUpdate({ state: 'off', reason: 'not connected', ladders: [] }, null)
    const ids = reread.center.file.list().map((alert) => alert.id)
    expect(await reread.invoke('getIdleAlerts', undefined)).toEqual({
      ok: true,
      value: { [ids[1] as string]: 'no depth: not connected', [ids[2] as string]: 'no depth: not connected' },
    })
  })
})
