import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  AlertLog,
  AlertsFile,
  ALERT_LOG_FILE_NAME,
  ALERTS_FILE_NAME,
} from '../../../src/main/core/alerts/alerts-file'
import { corruptFileName, describeSchemaIssues } from '../../../src/main/core/storage/json-file'
import { SETTINGS_FILE_NAME, SettingsFile } from '../../../src/main/core/storage/settings-file'
import { makeTempDir } from './storage-helpers'

/**
 * What the status bar says of each way a saved file can fail to load, word for word: the settings
 * and the two alert files, a file that cannot be read at all (a folder where it should be), and a
 * damaged one that cannot be set aside either. (A damaged file set aside is tested with each store.)
 */

const T0 = Date.parse('2026-03-09T14:30:00Z')

/** A damaged file whose name when set aside at T0 is taken by a non-empty folder. */
function damagedAndStuck(file: string): void {
  writeFileSync(file, '{ not json')
  const aside = corruptFileName(file, new Date(T0))
  mkdirSync(aside)
  writeFileSync(path.join(aside, 'keep'), '')
}

describe('file problems, as the status bar words them', () => {
  it('settings that cannot be read: defaults in use, changes not saved', async () => {
    const dir = makeTempDir('tw-file-problems-')
    const file = path.join(dir, SETTINGS_FILE_NAME)
    mkdirSync(file)
    const store = new SettingsFile(dir)
    await store.load()
    expect(store.problem()).toBe(
      `Your settings file could not be read (${file} could not be read: a folder is in the way (EISDIR)); ` +
        'defaults are in use and changes are not saved.',
    )
  })

  it('alerts and the alert log that cannot be read: changes not saved', async () => {
    const dir = makeTempDir('tw-file-problems-')
    for (const name of [ALERTS_FILE_NAME, ALERT_LOG_FILE_NAME]) mkdirSync(path.join(dir, name))
    const store = new AlertsFile(dir, { now: () => T0 })
    const log = new AlertLog(dir, { now: () => T0 })
    await store.load()
    await log.load()
    expect(store.problem()).toBe(
      `Your alerts file could not be read (${path.join(dir, ALERTS_FILE_NAME)} could not be read: ` +
        'a folder is in the way (EISDIR)); changes are not saved.',
    )
    expect(log.problem()).toBe(
      `Your alert log file could not be read (${path.join(dir, ALERT_LOG_FILE_NAME)} could not be read: ` +
        'a folder is in the way (EISDIR)); changes are not saved.',
    )
  })

  it('a damaged settings file that cannot be set aside: said as unusable, defaults in use', async () => {
    const dir = makeTempDir('tw-file-problems-')
    const file = path.join(dir, SETTINGS_FILE_NAME)
    damagedAndStuck(file)
    // The settings store has no clock of its own: the set-aside name is stamped with the time now.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T0)
    const store = new SettingsFile(dir)
    try {
      await store.load()
    } finally {
      vi.useRealTimers()
    }
    expect(store.problem()).toBe(
      `Your settings file could not be used (${file} is not valid JSON and could not be moved aside: ` +
        'a folder is in the way (EISDIR)); defaults are in use.',
    )
  })

  it('a damaged alerts file that cannot be set aside: said as unusable, with both reasons', async () => {
    const dir = makeTempDir('tw-file-problems-')
    const file = path.join(dir, ALERTS_FILE_NAME)
    damagedAndStuck(file)
    const store = new AlertsFile(dir, { now: () => T0 })
    await store.load()
    expect(store.problem()).toBe(
      `Your alerts file could not be used (${file} is not valid JSON and could not be moved aside: ` +
        'a folder is in the way (EISDIR)).',
    )
    expect(store.list()).toEqual([])
  })

  it('names its refusals by store, with the IPC code they map to', async () => {
    const dir = makeTempDir('tw-file-problems-')
    const settings = new SettingsFile(dir)
    await settings.load()
    await expect(settings.deleteList('l1')).rejects.toMatchObject({
      name: 'SettingsError',
      code: 'failed',
      message: 'The last watchlist cannot be deleted',
    })
    const alerts = new AlertsFile(dir, { now: () => T0 })
    await alerts.load()
    await expect(alerts.remove('nothing-here')).rejects.toMatchObject({
      name: 'AlertsFileError',
      code: 'not-found',
      message: 'That alert no longer exists',
    })
    expect(alerts.problem()).toBeNull() // a refusal is not a failed save
  })
})

describe('describeSchemaIssues', () => {
  it('gives the first five issues on one line, each with its path when it has one', () => {
    const schema = z.object({
      a: z.number(),
      b: z.number(),
      c: z.number(),
      d: z.number(),
      e: z.number(),
      f: z.number(),
    })
    const failed = z.union([schema, z.number()]).safeParse('x')
    if (failed.success) throw new Error('expected a failure')
    expect(describeSchemaIssues(failed.error)).toBe(failed.error.issues[0]!.message)
    const many = schema.safeParse({})
    if (many.success) throw new Error('expected a failure')
    expect(describeSchemaIssues(many.error)).toBe(
      ['a', 'b', 'c', 'd', 'e']
        .map((name) => `${name}: Invalid input: expected number, received undefined`)
        .join('; '),
    )
  })
})
