import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { type BrowserServer, chromium } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { USER_DATA_ENV } from '../../src/main/core/storage/paths'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import type { SettingsPatch } from '../../src/shared/settings'
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/chromium'

/**
 * Starts the BUILT app (out/main/index.js) in a child Node process on the stand-in Electron
 * (test/standin/electron) and drives it through the control channel: its window's page, tray,
 * notifications and dialogs. A crash or app.exit(code) shows as the child's exit code.
 */

const REPO = resolve(__dirname, '../..')
const MAIN = join(REPO, 'out/main/index.js')
const REGISTER = join(__dirname, 'register.cjs')
// Generous: the suite shares two cores with everything else running on the machine.
const DEFAULT_WAIT_MS = 30_000

/** 11:32:10 ET on Tuesday 17 November 2026: the regular session is running. */
export const TUESDAY_LATE_MORNING = Date.UTC(2026, 10, 17, 16, 32, 10)

/** One Chromium per test file; every app process of the file opens its windows in it. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: chromiumExecutable(),
    args: [...CHROMIUM_ARGS, '--allow-file-access-from-files'],
  })
}

/** How a test names an element in the page (see test/standin/electron/page-control.cjs). */
export interface Target {
  role?: string
  name?: string
  label?: string
  text?: string
  css?: string
  exact?: boolean
  nth?: number
  within?: Target
}

export interface MenuItemShown {
  label: string | null
  role: string | null
  type: string
  enabled: boolean
  visible: boolean
  checked: boolean
  accelerator: string | null
  submenu: MenuItemShown[] | null
}

export interface TrayShown {
  /** The tooltip as the OS shows it (Windows keeps 127 characters). */
  tooltip: string
  /** The tooltip the app set. */
  tooltipSet: string
  image: { path: string | null; empty: boolean; template: boolean } | null
  menu: MenuItemShown[] | null
  destroyed: boolean
}

export interface WindowShown {
  id: number
  visible: boolean
  focused: boolean
  minimized: boolean
  alwaysOnTop: boolean
  destroyed: boolean
  size: [number, number]
  contentSize: [number, number]
  position: [number, number]
  url: string
  loaded: boolean
  devToolsOpened: boolean
  pageErrors: string[]
}

export interface NotificationShown {
  id: number
  title: string
  body: string
  /** The body as the notification server shows it (a Linux server reads markup). */
  shownBody: string
  /** Whether the OS keeps it quiet (Linux's libnotify path ignores `silent`). */
  silent: boolean
  shown: boolean
  state: 'new' | 'on-screen' | 'action-center' | 'failed' | 'closed'
  /** The app let go of it and it was garbage-collected: its own 'click' can no longer run. */
  collected: boolean
}

export interface DialogShown {
  kind: 'error' | 'message' | 'save' | 'open'
  title?: string
  content?: string
  message?: string
}

export interface AppEvent {
  event: string
  [key: string]: unknown
}

export interface StartOptions {
  browser: BrowserServer
  /** Default: a folder in a fresh temp folder, removed by close(). */
  userDataDir?: string
  /** The app's clock starts here (ms since the epoch); default TUESDAY_LATE_MORNING. */
  marketTime?: number
  env?: Record<string, string>
  /** The OS the app and the stand-in play (test/standin/register.cjs); default Linux. */
  platform?: 'linux' | 'win32' | 'darwin'
  /** Settings saved in the user data folder before the app starts. */
  settings?: SettingsPatch
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string }

export class StandinApp {
  readonly events: AppEvent[] = []
  /** The child's stdout and stderr, for the message of a failing test. */
  output = ''
  readonly exited: Promise<number | null>
  private readonly pending = new Map<number, (reply: Reply) => void>()
  private readonly eventWaiters = new Set<() => void>()
  private nextId = 1
  private exitCode: number | null | undefined = undefined

  private constructor(
    private readonly child: ChildProcess,
    /** A temp folder holding this run's home, XDG config folder and (by default) user data. */
    readonly root: string,
    readonly userDataDir: string,
  ) {
    const events = child.stdio[3] as Readable
    createInterface({ input: events }).on('line', (line) => this.onLine(line))
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()))
    this.exited = new Promise((resolveExit) =>
      child.on('exit', (code) => {
        this.exitCode = code
        for (const settle of this.pending.values())
          settle({ id: 0, ok: false, error: `the app exited (${code})` })
        this.pending.clear()
        this.notifyWaiters()
        resolveExit(code)
      }),
    )
  }

  static async start(options: StartOptions): Promise<StandinApp> {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`)
    // A private home and XDG config folder: the app writes autostart entries and documents there.
    const root = await mkdtemp(join(tmpdir(), 'tokenwatch-standin-'))
    const userDataDir = options.userDataDir ?? join(root, 'user-data')
    if (options.settings) {
      const store = new SettingsFile(userDataDir)
      await store.load()
      await store.patch(options.settings)
    }
    const child = spawn(process.execPath, ['--require', REGISTER, MAIN], {
      cwd: REPO,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HOME: join(root, 'home'),
        XDG_CONFIG_HOME: join(root, 'config'),
        [USER_DATA_ENV]: userDataDir,
        TOKENWATCH_STANDIN_BROWSER_WS: options.browser.wsEndpoint(),
        TOKENWATCH_STANDIN_MARKET_TIME: String(options.marketTime ?? TUESDAY_LATE_MORNING),
        ELECTRON_RENDERER_URL: '',
        // Not the test machine's own session: a test asks for Wayland when it wants it.
        WAYLAND_DISPLAY: '',
        XDG_SESSION_TYPE: '',
        TOKENWATCH_STANDIN_PLATFORM: options.platform ?? 'linux',
        ...options.env,
      },
    })
    return new StandinApp(child, root, userDataDir)
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  private onLine(line: string): void {
    const message = JSON.parse(line) as Reply | AppEvent
    if ('event' in message) {
      this.events.push(message)
      this.notifyWaiters()
    } else {
      this.pending.get(message.id)?.(message)
      this.pending.delete(message.id)
    }
  }

  private notifyWaiters(): void {
    for (const wake of [...this.eventWaiters]) wake()
  }

  /** Sends one control command and resolves to its result. */
  async request<T = unknown>(op: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.exitCode !== undefined)
      throw new Error(`the app has exited (${this.exitCode}): ${op}\n${this.output}`)
    // The command's own fields: a parameter of the same name would take the reply elsewhere.
    if ('id' in params || 'op' in params) throw new Error(`${op}: a parameter may not be named id or op`)
    const id = this.nextId++
    const reply = await new Promise<Reply>((settle) => {
      this.pending.set(id, settle)
      ;(this.child.stdin as Writable).write(`${JSON.stringify({ id, op, ...params })}\n`)
    })
    if (!reply.ok) throw new Error(`${op}: ${reply.error}\n--- app output ---\n${this.output.slice(-4000)}`)
    return reply.result as T
  }

  /** Resolves to the first event (already seen or coming) that matches; bounded. */
  waitForEvent(
    match: (event: AppEvent) => boolean,
    what: string,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<AppEvent> {
    return new Promise((resolveEvent, reject) => {
      const check = () => {
        const found = this.events.find(match)
        if (found) return finish(() => resolveEvent(found))
        if (this.exitCode !== undefined)
          return finish(() =>
            reject(new Error(`the app exited (${this.exitCode}) before ${what}\n${this.output}`)),
          )
      }
      const timer = setTimeout(
        () => finish(() => reject(new Error(`timed out waiting for ${what}\n${this.output.slice(-4000)}`))),
        timeoutMs,
      )
      const finish = (settle: () => void) => {
        clearTimeout(timer)
        this.eventWaiters.delete(check)
        settle()
      }
      this.eventWaiters.add(check)
      check()
    })
  }

  /** Polls `read` until `accept` holds; bounded. For state that changes without an event. */
  async waitUntil<T>(
    read: () => Promise<T>,
    accept: (value: T) => boolean,
    what: string,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs
    let last: T = await read()
    while (!accept(last)) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`)
      await new Promise((wake) => setTimeout(wake, 100))
      last = await read()
    }
    return last
  }

  // --- the window and its page --------------------------------------------------------------

  windows(): Promise<WindowShown[]> {
    return this.request<WindowShown[]>('windows')
  }

  async mainWindow(): Promise<WindowShown> {
    const [first] = await this.windows()
    if (!first) throw new Error('the app opened no window')
    return first
  }

  /** Once the page has loaded: the window exists and its first load finished. */
  /** The window has loaded its page, and the page is live (main's first frame, inert, rendered over). */
  async pageLoaded(): Promise<void> {
    await this.waitForEvent((event) => event.event === 'page-loaded', 'the window to load its page', 60_000)
    await this.waitFor({ css: '#root:not([inert])' }, 'attached')
  }

  click(target: Target): Promise<void> {
    return this.request('click', { target })
  }
  fill(target: Target, value: string): Promise<void> {
    return this.request('fill', { target, value })
  }
  check(target: Target, checked = true): Promise<void> {
    return this.request('check', { target, checked })
  }
  press(key: string, target?: Target): Promise<void> {
    return this.request('press', { key, target })
  }
  waitFor(
    target: Target,
    state: 'visible' | 'hidden' | 'attached' | 'detached' = 'visible',
    timeout?: number,
  ): Promise<void> {
    return this.request('waitFor', { target, state, timeout })
  }
  text(target: Target): Promise<string | null> {
    return this.request('text', { target })
  }
  count(target: Target): Promise<number> {
    return this.request('count', { target })
  }
  /** Calls `fn(arg)` in the page; fn must not close over anything. */
  evaluate<A, R>(fn: (arg: A) => R, arg?: A): Promise<Awaited<R>> {
    return this.request('evaluate', { fn: fn.toString(), arg })
  }
  waitForFunction<A, R>(fn: (arg: A) => R, arg?: A, timeout?: number): Promise<Awaited<R>> {
    return this.request('waitForFunction', { fn: fn.toString(), arg, timeout })
  }
  screenshot(path: string): Promise<void> {
    return this.request('screenshot', { path })
  }

  // --- tray, notifications, dialogs ---------------------------------------------------------

  tray(): Promise<TrayShown | null> {
    return this.request<TrayShown | null>('tray')
  }
  clickTrayItem(label: string): Promise<void> {
    return this.request('clickTrayItem', { label })
  }
  notifications(): Promise<NotificationShown[]> {
    return this.request<NotificationShown[]>('notifications')
  }
  clickNotification(id: number): Promise<void> {
    return this.request('clickNotification', { notificationId: id })
  }
  /** Windows: the toast times out into the Action Center (Electron emits 'close'). */
  timeOutNotification(id: number): Promise<void> {
    return this.request('timeOutNotification', { notificationId: id })
  }
  /** A full garbage collection in the app; resolves to how many notifications are gone. */
  collectGarbage(): Promise<number> {
    return this.request<number>('collectGarbage')
  }
  /** The files the app's main thread has loaded so far (its require cache). */
  loadedModules(): Promise<string[]> {
    return this.request<string[]>('loadedModules')
  }
  dialogs(): Promise<DialogShown[]> {
    return this.request<DialogShown[]>('dialogs')
  }

  /** The XDG config folder the app was given ($XDG_CONFIG_HOME). */
  get configHome(): string {
    return join(this.root, 'config')
  }

  /** Ends the process if it still runs and removes its temp folder. */
  async close(): Promise<void> {
    if (this.exitCode === undefined) {
      this.child.kill('SIGKILL')
      await this.exited
    }
    await rm(this.root, { recursive: true, force: true })
  }
}

/**
 * The per-file setup every stand-in suite uses: one browser for the file, apps closed after each
 * test. Call in a describe body's scope (it registers hooks).
 */
export function standinFixture(): { start(options?: Omit<StartOptions, 'browser'>): Promise<StandinApp> } {
  let browser: BrowserServer | null = null
  const apps: StandinApp[] = []
  beforeAll(async () => {
    browser = await launchBrowserServer()
  })
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()))
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    async start(options = {}) {
      if (!browser) throw new Error('the browser is not running (standinFixture hooks)')
      const app = await StandinApp.start({ ...options, browser })
      apps.push(app)
      return app
    },
  }
}
