import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING_TTL_MS, LocalPollFeed } from '../../src/main/core/poll-feed'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'
import { type FakeService, FAKE_LISTING, STAMP_MS, TEST_KEY, startFakeService } from './api-client.fixtures'

/** The pipeline on the main thread (LocalPollFeed): the asset listing it keeps for search and import. */

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

describe('LocalPollFeed', () => {
  it('reuses the listing for ten minutes on its clock, then asks again; a new service forgets it', async () => {
    let now = STAMP_MS
    const feed = new LocalPollFeed(
      { onDelta: () => {}, onStatusChange: () => {} },
      { clock: { now: () => now, setTimeout, clearTimeout } },
    )
    feed.setCadences(DEFAULT_SETTINGS.cadences)
    const connection = { baseUrl: service.url, apiKey: TEST_KEY, demo: false }
    feed.connect(connection)
    const listingRequests = () => service.requests.filter((request) => request.url.includes('/market')).length
    try {
      expect((await feed.listAssets()).map((asset) => asset.symbol)).toEqual(FAKE_LISTING)
      now += LISTING_TTL_MS - 1
      await feed.listAssets()
      expect(listingRequests()).toBe(1)
      now += 1 // ten minutes exactly
      await feed.listAssets()
      expect(listingRequests()).toBe(2)
      feed.connect(connection)
      await feed.listAssets()
      expect(listingRequests()).toBe(3)
    } finally {
      await feed.stop()
    }
  })
})
