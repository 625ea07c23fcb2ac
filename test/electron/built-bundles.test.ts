import { existsSync, readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { createServer } from 'vite'
import { describe, expect, it } from 'vitest'
import { devServerCsp } from '../../electron.vite.config'
import { CONTENT_SECURITY_POLICY, DEV_SERVER_CONTENT_SECURITY_POLICY } from '../../src/main/electron/security'
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/chromium'

/**
 * Checks on what `npm run build` produced (npm test builds before it runs the tests): what the
 * shell ships, read from the bundles themselves rather than from the sources; and the page as the
 * dev server serves it, which must differ from the built one only as far as Vite needs.
 */

function built(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (npm test does)`)
  return readFileSync(path, 'utf8')
}

describe('the built main bundle', () => {
  it('loads keytar with require, not a dynamic import (which can fail from inside an asar)', () => {
    const main = built('out/main/index.js')
    expect(main).toMatch(/require\(["']keytar["']\)/)
    expect(main).not.toMatch(/import\(["']keytar["']\)/)
  })
})

describe('the built page', () => {
  it('keeps the strict CSP: no inline script or style element, no socket, nothing remote', () => {
    const html = built('out/renderer/index.html')
    const meta = /<meta[^>]+http-equiv="Content-Security-Policy"[^>]+content="([^"]+)"/i.exec(html)
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY)
    expect(meta?.[1]).not.toMatch(/unsafe-eval|ws:|https?:/)
    expect(meta?.[1]?.match(/[a-z-]+ 'unsafe-inline'/g)).toEqual(["style-src-attr 'unsafe-inline'"])
  })
})

describe("main's first-frame renderer", () => {
  it(
    "is React's production build: the development build checks every " + 'render at several times the cost',
    () => {
      const renderer = built('out/main/first-frame.js')
      expect(renderer).toContain('renderToString')
      // A warning only React's development builds carry.
      expect(renderer).not.toContain('unique "key" prop')
    },
  )
})

describe('the dev server (npm run dev)', () => {
  it('serves a page that runs under its CSP: no violations, the app renders styled', async () => {
    const server = await createServer({
      configFile: false,
      root: 'src/renderer',
      logLevel: 'silent',
      plugins: [react(), devServerCsp()],
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    })
    await server.listen()
    const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
    try {
      const address = server.httpServer?.address()
      if (!address || typeof address === 'string') throw new Error('the dev server has no address')
      const page = await browser.newPage()
      const violations: string[] = []
      page.on('console', (message) => {
        // "Refused to execute/apply/connect ... because it violates the following Content Security Policy"
        if (/^Refused to .*Content Security Policy/is.test(message.text())) violations.push(message.text())
      })
      await page.goto(`http://127.0.0.1:${address.port}/`)
      const html = await page.content()
      expect(html).toContain(DEV_SERVER_CONTENT_SECURITY_POLICY)
      // React mounts (the refresh preamble ran) and Vite's injected styles apply.
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0, null, {
        timeout: 45_000,
      })
      await page.waitForFunction(
        () => document.querySelectorAll('style[data-vite-dev-id]').length > 0,
        null,
        {
          timeout: 45_000,
        },
      )
      expect(violations).toEqual([])
    } finally {
      await browser.close()
      await server.close()
    }
  }, 120_000)
})
