import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LocalPollFeed } from '../../../src/main/core/feed/local-poll-feed'
import { SNAPSHOT_CACHE_FILE_NAME } from '../../../src/main/core/storage/snapshot-cache'
import { emptyAsset } from '../../../src/shared/domain'
import { DEFAULT_SETTINGS } from '../../../src/shared/settings'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * Defence in depth: last-snapshot.json is written with the key in use withheld, even when the key
 * reached the snapshot by a road other than the parser's scrub (here, a seeded row's name).
 */

const KEY = 'tw-live-7Qm4c9Xk2pLr'
const { tempDir } = cleanupAfterEach('tokenwatch-save-key-')

describe('saving the last snapshot', () => {
  it('withholds the key in use from last-snapshot.json', async () => {
    const feed = new LocalPollFeed({ onDelta: () => {}, onStatusChange: () => {} })
    feed.setCadences(DEFAULT_SETTINGS.cadences)
    feed.connect({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, demo: false, timeoutMs: 1_000 })
    feed.setInterest({ watchlist: ['AAPLon'] })
    await feed.start({
      source: { baseUrl: 'http://127.0.0.1:9', demo: false },
      asOf: Date.UTC(2025, 8, 16, 14, 0, 0),
      assets: [{ ...emptyAsset('AAPLon'), name: `Apple ${KEY}` }],
      errors: [],
    })
    const dir = tempDir()
    await feed.saveSnapshot(dir)
    await feed.stop()
    const written = readFileSync(path.join(dir, SNAPSHOT_CACHE_FILE_NAME), 'utf8')
    expect(written).toContain('Apple [key]')
    expect(written).not.toContain(KEY)
  })
})
