import { readFile } from 'node:fs/promises'
import { extname, join, relative, isAbsolute } from 'node:path'
import type { CustomScheme } from 'electron'
import { CONTENT_SECURITY_POLICY } from './security'

/**
 * The renderer is served from `app://tokenwatch/`, not read from file://, so that main can answer
 * the page's HTML itself: with its first frame already rendered into it (first-frame-page.ts).
 * Electron's security guide asks for a custom protocol over file:// anyway: a file:// page can
 * read any file; this one reaches nothing outside the renderer's build folder.
 */

export const APP_SCHEME = 'app'
const APP_HOST = 'tokenwatch'
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/**
 * Registered before the app is ready. standard: the page has an origin of its own, so `'self'`
 * and relative URLs work as on the web; secure: a secure context, as file:// was; corsEnabled:
 * module scripts are fetched in CORS mode; codeCache: V8 keeps the compiled bundle between starts.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, corsEnabled: true, codeCache: true },
}

/** What the build folder holds; anything else is not served. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

const PAGE_PATHS = new Set(['/', '/index.html'])

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** The file `pathname` names inside `rendererDir`, or null for a path that leaves it. */
function fileInside(rendererDir: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const file = join(rendererDir, decoded)
  const inside = relative(rendererDir, file)
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? null : file
}

export interface AppProtocolOptions {
  /** out/renderer: the built page and its assets. */
  rendererDir: string
  /** The page's HTML from the built index.html (main renders its first frame into it). */
  page(template: string): Promise<string>
}

/** The page's own HTML could not be read: said in words, in place of a blank window. */
function pageUnreadable(error: unknown): Response {
  const reason = error instanceof Error ? error.message : String(error)
  return new Response(
    `Tokenwatch could not read its page (${reason}). Reinstalling the app should fix this.`,
    {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  )
}

/** The handler for `protocol.handle(APP_SCHEME, ...)`. */
export function appProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  // Read once; a failed read is forgotten (once, whoever waits on it), so the next load tries again.
  let template: Promise<string> | null = null
  const readTemplate = () =>
    (template ??= readFile(join(options.rendererDir, 'index.html'), 'utf8').catch((error: unknown) => {
      template = null
      throw error
    }))
  return async (request) => {
    const url = new URL(request.url)
    if (url.host !== APP_HOST || request.method !== 'GET') return notFound()
    if (PAGE_PATHS.has(url.pathname)) {
      let html: string
      try {
        html = await readTemplate()
      } catch (error) {
        return pageUnreadable(error)
      }
      return new Response(await options.page(html), {
        headers: {
          'Content-Type': CONTENT_TYPES['.html'] as string,
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          // Rendered for this load, from the data of the moment: never to be served again.
          'Cache-Control': 'no-store',
        },
      })
    }
    const file = fileInside(options.rendererDir, url.pathname)
    const type = file ? CONTENT_TYPES[extname(file)] : undefined
    if (!file || !type) return notFound()
    try {
      return new Response(await readFile(file), { headers: { 'Content-Type': type } })
    } catch {
      return notFound()
    }
  }
}
