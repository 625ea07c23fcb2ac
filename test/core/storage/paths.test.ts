import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultUserDataDir } from '../../../src/main/core/storage/paths'

describe('defaultUserDataDir', () => {
  it.each([
    ['linux', {}, '/home/ann/.config/tokenwatch'],
    ['linux', { XDG_CONFIG_HOME: '/xdg/config' }, '/xdg/config/tokenwatch'],
    ['linux', { XDG_CONFIG_HOME: 'relative/ignored' }, '/home/ann/.config/tokenwatch'],
    ['darwin', {}, '/home/ann/Library/Application Support/tokenwatch'],
    [
      'win32',
      { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' },
      'C:\\Users\\ann\\AppData\\Roaming\\tokenwatch',
    ],
  ] as const)('on %s with %j is where Electron puts userData', (platform, env, expected) => {
    expect(defaultUserDataDir(env, platform, '/home/ann')).toBe(expected)
  })

  it('on win32 without APPDATA is AppData\\Roaming in the home folder, as Windows has it', () => {
    expect(defaultUserDataDir({}, 'win32', 'C:\\Users\\ann')).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\tokenwatch',
    )
  })

  it('is overridden by TOKENWATCH_USER_DATA on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(defaultUserDataDir({ TOKENWATCH_USER_DATA: '/tmp/tw-data' }, platform, '/home/ann')).toBe(
        path.resolve('/tmp/tw-data'),
      )
    }
  })

  it('reads the real environment by default', () => {
    const saved = process.env.TOKENWATCH_USER_DATA
    process.env.TOKENWATCH_USER_DATA = '/tmp/from-env'
    try {
      expect(defaultUserDataDir()).toBe('/tmp/from-env')
    } finally {
      if (saved === undefined) delete process.env.TOKENWATCH_USER_DATA
      else process.env.TOKENWATCH_USER_DATA = saved
    }
  })
})
