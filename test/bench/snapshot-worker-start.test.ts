import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withoutHistories } from '../../src/shared/domain'
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/chromium'
import { assertRendererBuilt } from '../e2e/static-server'
import {
  NO_KEY,
  benchSettings,
  onlineStatus,
  polledSnapshot,
  simSnapshot,
} from '../../bench/renderer/fixtures'
import {
  APP_PAGE_PATH,
  type BenchServer,
  PAGE_RENDERED_APP_PATH,
  SNAPSHOT_WORKER_PATH,
  serveBenchPage,
} from '../../bench/renderer/bench-server'
import { loadMainFirstFrame } from '../../bench/renderer/main-first-frame'
import { marketClockOffsetMs, marketNow, shiftPageClock } from '../../bench/renderer/market-time'
import {
  APP_BRIDGE_PROBES,
  FIRST_ROWS_MESSAGE,
  NAME_HELPER_SCRIPT,
  SPARKLINES_MESSAGE,
  installBenchBridge,
} from '../../bench/renderer/page-bridge'

/**
 * The cold-load bench's stand-in for main's side of getSnapshot (a worker, page-bridge.ts) must
 * cost the app's page nothing before main's first frame is painted: main holds its snapshot
 * before the window asks. Started with the page, it fetched and parsed the snapshot on the
 * machine's other core during that frame, which the static frame it is compared with did not
 * bear (BENCHMARKS.md, 29 November 2026). Ordering only, no timing: the worker's construction is
 * recorded and compared with the time the first rows were painted. Needs the built renderer and
 * main's built first-frame renderer (`npm run build`).
 */

declare global {
  interface Window {
    __workerCreatedAt?: number
  }
}

/** Runs in the page before the bridge: records when the first Worker is constructed. */
function recordWorkerStart(): void {
  const RealWorker = window.Worker
  window.Worker = class extends RealWorker {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args)
      window.__workerCreatedAt ??= performance.now()
    }
  }
}

const VIEWPORT = { width: 1280, height: 760 }
let browser: Browser
let server: BenchServer
let settings: ReturnType<typeof benchSettings>

beforeAll(async () => {
  assertRendererBuilt()
  const at = marketNow()
  const market = simSnapshot(40, at)
  settings = benchSettings(market)
  const snapshot = polledSnapshot(market, settings)
  const mainFrame = loadMainFirstFrame(
    { snapshot: withoutHistories(snapshot), status: onlineStatus(at), settings, keyStatus: NO_KEY },
    VIEWPORT,
  )
  server = await serveBenchPage(snapshot, mainFrame.page)
  browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** Loads `path` as the bench does, until its sparklines (so its snapshot answers) are painted. */
async function load(path: string, snapshotWorkerAfterFirstRows: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', colorScheme: 'dark' })
  try {
    const page = await context.newPage()
    const at = marketNow()
    await page.addInitScript({ content: NAME_HELPER_SCRIPT })
    await page.addInitScript(shiftPageClock, marketClockOffsetMs())
    await page.addInitScript(recordWorkerStart)
    await page.addInitScript(installBenchBridge, {
      snapshotWorker: SNAPSHOT_WORKER_PATH,
      snapshotWorkerAfterFirstRows,
      status: onlineStatus(at),
      settings,
      keyStatus: NO_KEY,
      ...APP_BRIDGE_PROBES,
      captureFirstFrame: false,
    })
    const logged = (text: string) =>
      page.waitForEvent('console', { predicate: (message) => message.text() === text, timeout: 60_000 })
    const painted = Promise.all([logged(FIRST_ROWS_MESSAGE), logged(SPARKLINES_MESSAGE)])
    await page.goto(`${server.url}${path}`)
    await painted
    return await page.evaluate(() => ({
      firstRowsAt: window.__bench?.firstRowsAt ?? null,
      workerCreatedAt: window.__workerCreatedAt ?? null,
    }))
  } finally {
    await context.close()
  }
}

describe("the cold-load bench's snapshot stand-in", () => {
  it('starts only once main’s first frame is painted, and still answers the app', async () => {
    const { firstRowsAt, workerCreatedAt } = await load(APP_PAGE_PATH.slice(1), true)
    expect(firstRowsAt).not.toBeNull()
    expect(workerCreatedAt).not.toBeNull()
    expect(workerCreatedAt as number).toBeGreaterThanOrEqual(firstRowsAt as number)
  }, 120_000)

  it('starts with the page that renders its first frame itself, which asks at its start', async () => {
    const { firstRowsAt, workerCreatedAt } = await load(PAGE_RENDERED_APP_PATH.slice(1), false)
    expect(firstRowsAt).not.toBeNull()
    expect(workerCreatedAt).not.toBeNull()
    expect(workerCreatedAt as number).toBeLessThan(firstRowsAt as number)
  }, 120_000)
})
