import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_PAGE_URL, APP_SCHEME_PRIVILEGES, appProtocolHandler } from '../../src/main/electron/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../src/main/electron/security'

/** A renderer build folder with a page, a script, a stylesheet, and a secret beside it. */
let root: string
let rendererDir: string
const pagesServed: string[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tokenwatch-protocol-'))
  rendererDir = join(root, 'renderer')
  await mkdir(join(rendererDir, 'assets'), { recursive: true })
  await writeFile(join(rendererDir, 'index.html'), '<html><body><div id="root"></div></body></html>')
  await writeFile(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)')
  await writeFile(join(rendererDir, 'assets', 'index-abc.css'), 'body{}')
  await writeFile(join(rendererDir, 'assets', 'notes.txt'), 'not an asset type')
  await writeFile(join(root, 'secret.js'), 'const key = "outside the renderer"')
})
afterAll(() => rm(root, { recursive: true, force: true }))

function handler() {
  return appProtocolHandler({
    rendererDir,
    page: async (template) => {
      pagesServed.push(template)
      return template.replace('<div id="root"></div>', '<div id="root"><p>first frame</p></div>')
    },
  })
}

const get = (url: string, init?: RequestInit) => handler()(new Request(url, init))

describe('the app:// protocol', () => {
  it('is a standard, secure scheme, so the page has an origin and a secure context', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({
      scheme: 'app',
      privileges: { standard: true, secure: true },
    })
    expect(APP_PAGE_URL).toBe('app://tokenwatch/index.html')
  })

  it('serves the page as main renders it, with the CSP and never to be cached', async () => {
    for (const url of [APP_PAGE_URL, 'app://tokenwatch/', `${APP_PAGE_URL}?instrument=1`]) {
      const response = await get(url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.text()).toContain('<div id="root"><p>first frame</p></div>')
    }
    // main renders from the built index.html, as it is on disk
    expect(pagesServed.at(-1)).toBe('<html><body><div id="root"></div></body></html>')
  })

  it('says so when the page cannot be read, and reads it again at the next load', async () => {
    const brokenDir = join(root, 'broken')
    await mkdir(brokenDir)
    const serve = appProtocolHandler({ rendererDir: brokenDir, page: async (template) => template })
    const failed = await serve(new Request(APP_PAGE_URL))
    expect(failed.status).toBe(500)
    expect(failed.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await failed.text()).toMatch(/^Tokenwatch could not read its page \(ENOENT.*index\.html'\)\./)
    await writeFile(join(brokenDir, 'index.html'), '<html>restored</html>')
    const restored = await serve(new Request(APP_PAGE_URL))
    expect(restored.status).toBe(200)
    expect(await restored.text()).toBe('<html>restored</html>')
  })

  it('serves the build folder with the types module scripts and stylesheets need', async () => {
    const script = await get('app://tokenwatch/assets/index-abc.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('console.log(1)')
    const style = await get('app://tokenwatch/assets/index-abc.css')
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('answers 404 for anything else: other hosts, other methods, unknown types, missing files', async () => {
    const refused = [
      get('app://elsewhere/index.html'),
      get('app://tokenwatch/assets/index-abc.js', { method: 'POST', body: 'x' }),
      get('app://tokenwatch/assets/notes.txt'),
      get('app://tokenwatch/assets/missing.js'),
      get('app://tokenwatch/assets'),
    ]
    for (const response of await Promise.all(refused)) expect(response.status).toBe(404)
  })

  it('reaches nothing outside the renderer folder, however the path is spelt', async () => {
    const escapes = [
      'app://tokenwatch/../secret.js',
      'app://tokenwatch/%2e%2e/secret.js',
      'app://tokenwatch/assets/%2e%2e%2f%2e%2e%2fsecret.js',
      'app://tokenwatch/assets/..%2F..%2Fsecret.js',
      `app://tokenwatch/${encodeURIComponent(join(root, 'secret.js'))}`,
      'app://tokenwatch/%E0%A4%A',
    ]
    for (const url of escapes) {
      const response = await get(url)
      expect(response.status, url).toBe(404)
      expect(await response.text(), url).not.toContain('outside the renderer')
    }
  })
})
