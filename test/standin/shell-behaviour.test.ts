import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS_FILE_NAME } from '../../src/main/core/storage/settings-file'
import { AUTOSTART_FILE_NAME } from '../../src/main/electron/autostart'
import { CONTENT_SECURITY_POLICY } from '../../src/main/electron/security'
import { type StandinApp, standinFixture } from './standin-app'

/**
 * The built app on the stand-in Electron: what its shell does around the page (start-up failure,
 * start at login on Linux, the ticker strip's size, frames that are not ours).
 */

const fixture = standinFixture()

async function startApp(options: Parameters<typeof fixture.start>[0] = {}): Promise<StandinApp> {
  const app = await fixture.start(options)
  await app.pageLoaded()
  await app.waitFor({ css: '[role="row"][data-symbol] .cell-price .num' })
  return app
}

async function saveSettings(app: StandinApp, change: (app: StandinApp) => Promise<void>): Promise<void> {
  await app.click({ role: 'button', name: 'Settings', exact: true })
  await change(app)
  await app.click({ role: 'button', name: 'Save settings' })
  await app.waitFor({ role: 'dialog' }, 'hidden')
}

describe('the shell on the stand-in', { timeout: 180_000 }, () => {
  it('shows an error dialog and exits non-zero when the user data folder cannot be written', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'tokenwatch-standin-unwritable-'))
    try {
      // Under a regular file no folder can be made, whoever runs the test (root included).
      await writeFile(join(scratch, 'a-file'), '')
      const userDataDir = join(scratch, 'a-file', 'tokenwatch')
      const app = await fixture.start({ userDataDir })
      const code = await app.exited
      const dialogs = app.events.filter((event) => event.event === 'dialog')
      expect(dialogs, app.output).toHaveLength(1)
      expect(dialogs[0]?.kind).toBe('error')
      expect(String(dialogs[0]?.title)).toMatch(/could not start/i)
      expect(String(dialogs[0]?.content)).toContain(userDataDir)
      expect(code).not.toBe(0)
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  })

  it(
    "serves the built page with the protocol handler's one CSP header, " + 'not a second from the session',
    async () => {
      const app = await startApp()
      const page = app.events.find(
        (event) => event.event === 'protocol-response' && event.url === 'app://tokenwatch/index.html',
      )
      const headers = (page?.headers ?? []) as [string, string][]
      const policies = headers.filter(([name]) => name.toLowerCase() === 'content-security-policy')
      expect(policies.map(([, value]) => value)).toEqual([CONTENT_SECURITY_POLICY])
    },
  )

  it('starts itself again on XWayland in a Wayland session, where the window can be pinned', async () => {
    const app = await fixture.start({
      env: { WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' },
    })
    expect(await app.exited).toBe(0)
    const relaunch = app.events.find((event) => event.event === 'relaunch')
    expect(relaunch?.args).toContain('--ozone-platform=x11')
    expect(app.events.some((event) => event.event === 'window-created')).toBe(false)
  })

  it('on Wayland without XWayland, says pinning is not available instead of pretending', async () => {
    const app = await startApp({
      env: { WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland', DISPLAY: '' },
      settings: { windowBounds: { x: 200, y: 150, width: 1240, height: 700 } },
    })
    const pinItem = async () => (await app.tray())?.menu?.find((item) => item.label?.startsWith('Pin on top'))
    await app.waitUntil(pinItem, (item) => item !== undefined, 'the tray menu')
    expect(await pinItem()).toMatchObject({ label: 'Pin on top: not available on Wayland', enabled: false })

    // The window's own control is refused in words, and nothing claims the window is pinned.
    await app.click({ role: 'button', name: 'Keep on top', exact: true })
    await app.waitFor({ text: 'not available on Wayland' })
    expect(
      await app.evaluate(() =>
        document.querySelector('button[aria-label="Keep on top"]')?.getAttribute('aria-pressed'),
      ),
    ).not.toBe('true')
    expect((await app.mainWindow()).alwaysOnTop).toBe(false)

    // Closing saves the size; the position Wayland reads as 0,0 is not saved over the real one.
    await app.request('closeWindow')
    await app.waitForEvent((event) => event.event === 'notification', 'the "still running" notice')
    await app.clickTrayItem('Quit Tokenwatch')
    expect(await app.exited).toBe(0)
    const saved = JSON.parse(await readFile(join(app.userDataDir, SETTINGS_FILE_NAME), 'utf8'))
    expect(saved.windowBounds).toEqual({ x: 200, y: 150, width: 1240, height: 700 })
  })

  it(
    'as a packaged app, loads its own page whatever ELECTRON_RENDERER_URL ' + 'says, with no developer menu',
    async () => {
      const app = await startApp({
        env: { TOKENWATCH_STANDIN_PACKAGED: '1', ELECTRON_RENDERER_URL: 'http://127.0.0.1:9/' },
      })
      expect((await app.mainWindow()).url).toBe('app://tokenwatch/index.html')
      const menu = app.events.filter((event) => event.event === 'application-menu').at(-1)?.menu
      expect(menu).toBeTruthy()
      expect(JSON.stringify(menu)).not.toMatch(/toggleDevTools|reload/i)
    },
  )

  it('writes an XDG autostart entry when start at login is turned on, and removes it when off', async () => {
    const app = await startApp()
    const entry = join(app.configHome, 'autostart', AUTOSTART_FILE_NAME)
    expect(existsSync(entry)).toBe(false)

    await saveSettings(app, () => app.check({ label: 'Start at login' }))
    await app.waitUntil(
      async () => existsSync(entry),
      (exists) => exists,
      'the autostart entry',
    )
    const text = await readFile(entry, 'utf8')
    expect(text).toMatch(/^\[Desktop Entry\]$/m)
    // From a checkout the executable is the runtime's, told which app folder to run.
    expect(text).toContain(`Exec=${process.execPath} ${resolve(__dirname, '../..')}`)

    await saveSettings(app, () => app.check({ label: 'Start at login' }, false))
    await app.waitUntil(
      async () => existsSync(entry),
      (exists) => !exists,
      'the autostart entry to go',
    )
  })

  it('shrinks the window to a ticker strip whose content is 44 px tall', async () => {
    const app = await startApp()
    await app.click({ role: 'button', name: 'Ticker only', exact: true })
    const strip = await app.waitUntil(
      () => app.mainWindow(),
      (shown) => shown.contentSize[1] === 44,
      'a 44 px strip',
    )
    // The page itself gets the 44 px (the title bar comes on top of it).
    await app.waitForFunction(() => window.innerHeight === 44)
    expect(strip.size[1]).toBeGreaterThan(44)
  })

  describe('frames that are not ours', () => {
    let server: Server
    let foreignUrl: string
    beforeAll(async () => {
      server = createServer((_request, response) => {
        response.setHeader('content-type', 'text/html')
        response.end('<!doctype html><title>Not Tokenwatch</title><p>elsewhere</p>')
      })
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
      foreignUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page.html`
    })
    afterAll(() => new Promise<void>((closed) => server.close(() => closed())))

    it(
      'answers our page, refuses another document in the window, and ' + 'stops the page navigating away',
      async () => {
        const app = await startApp()
        const ours = await app.evaluate(() =>
          (
            window as unknown as { tokenwatch: { getSettings(): Promise<{ ok: boolean }> } }
          ).tokenwatch.getSettings(),
        )
        expect(ours.ok).toBe(true)

        // The page tries to leave: will-navigate is asked, the app prevents it, our page stays.
        await app.evaluate((url) => {
          window.location.href = url
        }, foreignUrl)
        const asked = await app.waitForEvent((event) => event.event === 'will-navigate', 'will-navigate')
        expect(asked.prevented).toBe(true)
        expect((await app.mainWindow()).url).toBe('app://tokenwatch/index.html')

        // A foreign document that got into the window anyway has the preload but gets no answer.
        await app.request('forceNavigate', { url: foreignUrl })
        expect((await app.mainWindow()).url).toBe(foreignUrl)
        const refused = await app.evaluate(() =>
          (window as unknown as { tokenwatch: { getSettings(): Promise<unknown> } }).tokenwatch.getSettings(),
        )
        expect(refused).toEqual({ ok: false, error: { code: 'invalid-argument', message: 'unknown sender' } })
      },
    )
  })
})
