import { getPriority } from 'node:os'
import { describe, expect, it } from 'vitest'
import { runInBackground } from '../../../../src/main/core/feed/worker/background-priority'

/**
 * The poll worker's priority where lowering it would lower the whole app: untouched. (On Linux it
 * is lowered for the worker's thread alone: worker-poll-feed.test.ts checks that on the real worker.)
 */
describe('runInBackground', () => {
  it.each(['darwin', 'win32'] as const)(
    'leaves the priority alone on %s, where it is the whole process’s',
    (platform) => {
      const before = getPriority()
      expect(runInBackground(platform)).toBe(false)
      expect(getPriority()).toBe(before)
    },
  )
})
