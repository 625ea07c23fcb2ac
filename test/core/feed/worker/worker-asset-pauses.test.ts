import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ApiClient } from '../../../../src/main/core/api/api-client'
import { AppCore } from '../../../../src/main/core/app/app-core'
import { MemorySecretStore } from '../../../../src/main/core/secrets/secret-store'
import { WorkerPollFeed } from '../../../../src/main/core/feed/worker/worker-poll-feed'
import type { AppStatus } from '../../../../src/shared/status'
import { simDemoMarket } from '../../../../src/main/sim/server/demo-market'
import { cleanupAfterEach } from '../../../support/cleanups'
import { until } from '../../../support/polls'

/**
 * `/v1/status/assets` (up to a mebibyte of JSON, every minute) is asked and parsed in the poll
 * worker, as the prices are: the main thread gets the readings, and its own client never asks
 * for, let alone parses, the body. The worker is a thread of its own with its own copy of the
 * modules, so a spy on this thread's ApiClient sees only what the main thread does.
 */

const TSX = ['--import', 'tsx']
const APP_WORKER = join(__dirname, '../../../../src/main/poll-worker.ts')

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-worker-pauses-')

describe('asset pauses in the app', () => {
  it('are read and parsed in the poll worker, not on the main thread', { timeout: 60_000 }, async () => {
    const onMainThread = vi.spyOn(ApiClient.prototype, 'assetPauses')
    cleanups.push(() => onMainThread.mockRestore())
    const core = new AppCore({
      userDataDir: tempDir(),
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 60, seed: 7 }),
      requestTimeoutMs: 3_000,
      pollFeed: (events) => new WorkerPollFeed(events, { script: APP_WORKER, execArgv: TSX }),
    })
    const statuses: AppStatus[] = []
    core.on('status', (status) => statuses.push(status))
    cleanups.push(() => core.stop())
    await core.start()
    await until(
      () => statuses.some((status) => status.service.publishes.assetPauses === true),
      'the asset pauses answered',
    )
    const known = statuses.find((status) => status.service.publishes.assetPauses === true)
    expect(known?.service.pauses).not.toBeNull()
    expect(onMainThread).not.toHaveBeenCalled()
  })
})
