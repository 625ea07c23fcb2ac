import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

/** The stand-in fails loudly on any Electron call it does not implement. */

const require = createRequire(import.meta.url)
const { strict } = require('./electron/strict.cjs') as {
  strict: <T extends object>(target: T, name: string, absentOnLinux?: string[]) => T
}

describe('the stand-in electron module', () => {
  it('throws, naming the member, on a member it does not implement', () => {
    const app = strict({ getName: () => 'tokenwatch' }, 'app', ['dock']) as Record<string, unknown>
    expect((app.getName as () => string)()).toBe('tokenwatch')
    expect(() => app.setBadgeCount).toThrow('stand-in electron: app.setBadgeCount is not implemented')
  })

  it('reads members Electron lacks on Linux as undefined, as Electron does there', () => {
    const app = strict({}, 'app', ['dock']) as Record<string, unknown>
    expect(app.dock).toBeUndefined()
  })

  it('stays quiet for the probes of await and JSON.stringify', async () => {
    const object = strict({ value: 1 }, 'thing')
    await expect(Promise.resolve(object)).resolves.toBe(object)
    expect(JSON.stringify(object)).toBe('{"value":1}')
  })
})
