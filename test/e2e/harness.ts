import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { AppCore } from '../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../src/main/core/app/poll-on-this-thread'
import type { AppCoreOptions } from '../../src/main/core/app/app-core-options'
import type { SimServer } from '../../src/main/sim/server/server'
import { MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { firstFramePage } from '../../src/main/electron/first-frame-page'
import { HELD_UNTIL_LIVE, MAX_WAITING_MESSAGES } from '../../src/main/electron/page-messages'
import { eventNames, invokeNames, type EventName, type InvokeName } from '../../src/shared/ipc-contract'
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/chromium'
import { untilNoPollInFlight } from '../support/polls'
import { type ExtraFile, RENDERER_DIR, serveRenderer } from './static-server'
import { simDemoMarket } from '../../src/main/sim/server/demo-market'

/**
 * Runs the built renderer in Debian's Chromium with the preload's API provided by a real AppCore
 * in this process: commands go page -> `__twInvoke` binding -> core.invoke, pushed events go
 * core.on -> page.evaluate -> `__twEmit` -> the renderer's `on` listeners. Only the Electron
 * adapter between the two differs from the app.
 */

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
}

export interface HarnessOptions {
  /** One browser per test file; the harness opens its own context (and closes it). */
  browser: Browser
  /** Passed to AppCore; userDataDir and keychain default to a temp folder and memory. */
  coreOptions?: Partial<AppCoreOptions<SimServer>>
  viewport?: { width: number; height: number }
  /** The browser's time zone (the computer's, as the page sees it); default America/New_York. */
  timezoneId?: string
  /** The page's clock: frozen at an instant, or starting at one and running on. */
  clock?: { fixedAt: number } | { startAt: number }
  /** Turns on the renderer's render counters and timing hooks (src/renderer/instrument.ts). */
  instrument?: boolean
  /** Runs after the core is created and before it starts and the page loads (seed settings here). */
  beforeStart?(core: AppCore<SimServer>): Promise<void>
  /** Default true: wait until the first rows show prices. */
  waitForPrices?: boolean
  /** Awaited before each command reaches the core: a test holds one back to see a loading state. */
  beforeInvoke?(name: InvokeName): Promise<void>
  /**
   * Answers a command in the core's place when it returns a value (an IpcResult): a test gives the
   * page a fixed answer (a history) and counts the requests. Undefined: the core answers.
   */
  answer?(name: InvokeName, args: unknown): unknown
  /** Awaited after the core has answered a command and before the page gets the answer. */
  afterInvoke?(name: InvokeName): Promise<void>
  /** Awaited before each pushed event reaches the page; later events queue behind a held one. */
  beforeEmit?(event: EventName): Promise<void>
  /**
   * Default true, as in the app: the page comes with its first frame rendered by main
   * (first-frame-page.ts, from this core). False serves the plain index.html, as the dev server does.
   */
  mainFrame?: boolean
}

export interface Harness {
  page: Page
  /** The page's address, as the harness loaded it. */
  url: string
  context: BrowserContext
  core: AppCore<SimServer>
  /** Console errors and page errors, for tests that check the page stayed clean (CSP, exceptions). */
  pageErrors: string[]
  /**
   * Resolves once main has no poll in flight and the page has received every push main made: what
   * a test waits for after pausing, so that a poll already under way lands before it looks.
   */
  settled(): Promise<void>
  close(): Promise<void>
}

declare global {
  interface Window {
    __twInvoke?: (name: string, args: unknown) => Promise<unknown>
    __twEmit?: (event: string, payload: unknown) => void
  }
}

/** Builds `window.tokenwatch` in the page before any of its scripts run (like the preload). */
/**
 * The bridge holds main's one-off messages (HELD_UNTIL_LIVE, which shell.ts can only send through
 * page-messages.ts) until the page says it is live, at most MAX_WAITING_MESSAGES of them, as main
 * does: a test which emits one just after a reload reaches the app as main's message would, not a
 * document whose app has not subscribed.
 */
function installBridge(names: {
  invoke: string[]
  events: string[]
  heldUntilLive: readonly string[]
  maxWaiting: number
}): void {
  // No function bound to a name in here: tsx (the screenshot scripts) would wrap it in esbuild's
  // __name helper, which the page does not have.
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let live = false
  const waiting: [string, unknown][] = []
  const api: Record<string, unknown> = {
    on(event: string, listener: (payload: unknown) => void) {
      if (!names.events.includes(event)) throw new Error(`unknown event ${event}`)
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    },
  }
  for (const name of names.invoke) {
    api[name] = (args?: unknown) => {
      const invoke = window.__twInvoke
      if (!invoke) throw new Error('the test harness binding is missing')
      if (name === 'pageLive') {
        live = true
        for (const [event, payload] of waiting.splice(0)) window.__twEmit?.(event, payload)
      }
      return invoke(name, args)
    }
  }
  Object.defineProperty(window, 'tokenwatch', { value: Object.freeze(api) })
  window.__twEmit = (event, payload) => {
    if (!live && names.heldUntilLive.includes(event)) {
      waiting.push([event, payload])
      if (waiting.length > names.maxWaiting) waiting.shift()
    } else listeners.get(event)?.forEach((listener) => listener(payload))
  }
}

/** The watchlist row of a symbol (the ticker shows the same symbols, twice). */
export function rowOf(page: Page, symbol: string): Locator {
  return page.locator(`[role="row"][data-symbol="${symbol}"]`)
}

/** The symbols of the rendered rows, top to bottom. */
export function shownOrder(page: Page): Promise<string[]> {
  return page.$$eval('[role="row"][data-symbol]', (rows) =>
    rows
      .map((row) => ({
        index: Number(row.getAttribute('aria-rowindex')),
        symbol: row.getAttribute('data-symbol') ?? '',
      }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.symbol),
  )
}

/** Page errors other than the one Chromium always logs for a CSP meta tag with frame-ancestors. */
export function unexpectedErrors(harness: Harness): string[] {
  return harness.pageErrors.filter((message) => !message.includes("'frame-ancestors' is ignored"))
}

/** The page at `/` as main serves it: index.html with the first frame rendered from `core`. */
function mainFramePage(
  core: AppCore<SimServer>,
  viewport: { width: number; height: number },
  now: () => number,
): ExtraFile {
  const template = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8')
  const window = {
    getContentSize: () => [viewport.width, viewport.height],
    webContents: { getZoomFactor: () => 1 },
  }
  return {
    path: '/',
    type: 'text/html; charset=utf-8',
    body: () => firstFramePage(template, core, window as never, now),
  }
}

/** The page's clock, for main's frame: the time the page will show. */
function pageClock(clock: HarnessOptions['clock']): () => number {
  if (!clock) return Date.now
  if ('fixedAt' in clock) return () => clock.fixedAt
  const installedAt = Date.now()
  return () => clock.startAt + (Date.now() - installedAt)
}

/**
 * Reloads the page and waits until its app is live: main's frame (inert, a picture of the rows)
 * shows first, and a test that clicks, focuses or types into it acts on nothing that stays.
 */
export async function reloadLive(page: Page): Promise<void> {
  await page.reload()
  await page.locator('#root:not([inert])').waitFor()
}

/** Rows with prices in the live page: main's frame (inert) is a picture of them. */
export const LIVE_PRICED_ROW = '#root:not([inert]) [role="row"][data-symbol] .cell-price .num'

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const userDataDir = options.coreOptions?.userDataDir ?? (await mkdtemp(join(tmpdir(), 'tokenwatch-e2e-')))
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 60, seed: 7 }),
    ...options.coreOptions,
    userDataDir,
  })
  const viewport = options.viewport ?? { width: 1280, height: 760 }
  const server = await serveRenderer(
    options.mainFrame === false ? [] : [mainFramePage(core, viewport, pageClock(options.clock))],
  )
  const context = await options.browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'America/New_York',
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })

  if (options.clock && 'fixedAt' in options.clock) await page.clock.setFixedTime(options.clock.fixedAt)
  if (options.clock && 'startAt' in options.clock) await page.clock.install({ time: options.clock.startAt })
  const pushes = new PushQueue()
  await context.exposeBinding('__twInvoke', async (_source, name: InvokeName, args: unknown) => {
    await options.beforeInvoke?.(name)
    const answer = options.answer?.(name, args) ?? (await core.invoke(name, args))
    await options.afterInvoke?.(name)
    // Electron sends main's pushes and its answers down one pipe, so a push main sent before this
    // answer reaches the page first; here they take two paths (page.evaluate and this binding):
    // the answer waits for the pushes queued before it, unless a test is holding them back.
    await pushes.sentBefore()
    return answer
  })
  await context.addInitScript(installBridge, {
    invoke: [...invokeNames],
    events: [...eventNames],
    heldUntilLive: HELD_UNTIL_LIVE,
    maxWaiting: MAX_WAITING_MESSAGES,
  })

  const forward = (event: EventName, payload: unknown) =>
    pushes.send(
      () => options.beforeEmit?.(event),
      () => page.evaluate(([e, p]) => window.__twEmit?.(e, p), [event, payload] as const),
    )
  const unsubscribe = eventNames.map((event) => core.on(event, (payload) => forward(event, payload)))

  await options.beforeStart?.(core)
  await core.start()
  const url = `${server.url}${options.instrument ? '?instrument=1' : ''}`
  await page.goto(url)
  if (options.waitForPrices ?? true) await page.locator(LIVE_PRICED_ROW).first().waitFor()

  return {
    page,
    url,
    context,
    core,
    pageErrors,
    async settled() {
      await untilNoPollInFlight(core)
      await pushes.drained()
    },
    async close() {
      unsubscribe.forEach((off) => off())
      // A test's route handler (hold-app-script.ts) may still be fetching a script the page asked
      // for late (a chunk loaded on demand); closing the context disposes that answer under it.
      for (const open of context.pages()) await open.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
      await pushes.drained()
      await core.stop()
      await server.close()
      if (!options.coreOptions?.userDataDir) await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Main's pushes on their way to the page, in order: each waits for the one before. A test's
 * `beforeEmit` may hold one back (held-pushes.ts); a gate still shut once the pending callbacks
 * have run counts as held, and answers given meanwhile go ahead of the pushes queued behind it.
 */
class PushQueue {
  private delivery: Promise<unknown> = Promise.resolve()
  /** Resolved while a push is held back; a new one is made when the hold ends. */
  private holdBegan: Promise<void>
  private began = () => {}

  constructor() {
    this.holdBegan = this.nextHold()
  }

  /** Queues one push: after the one before, and after `gate()` opens, `deliver` sends it. */
  send(gate: () => Promise<void> | undefined, deliver: () => Promise<unknown>): void {
    this.delivery = this.delivery
      .then(() => this.through(gate()))
      .then(deliver)
      .catch(() => undefined)
  }

  /** Settles once the pushes queued so far have reached the page, or at once while one is held. */
  sentBefore(): Promise<unknown> {
    return Promise.race([this.delivery, this.holdBegan])
  }

  /** Settles once every push has reached the page, those queued meanwhile too. */
  async drained(): Promise<void> {
    for (let waited = null; waited !== this.delivery;) await (waited = this.delivery)
  }

  private async through(gate: Promise<void> | undefined): Promise<void> {
    if (!gate) return
    const open = await Promise.race([
      gate.then(() => true),
      new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
    ])
    if (open) return
    this.began()
    try {
      await gate
    } finally {
      this.holdBegan = this.nextHold()
    }
  }

  private nextHold(): Promise<void> {
    return new Promise((resolve) => (this.began = resolve))
  }
}
