import type { Session, WebContents, WebPreferences } from 'electron'

/**
 * The window's security settings in one place, so a test can assert every one of them.
 * The renderer is a local page that needs nothing from the network: main fetches all data.
 */

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // Style attributes in markup: main's first frame (first-frame-page.ts) carries the rows'
  // positions and widths as React writes them. Stylesheets and <style> stay 'self' only.
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * For `npm run dev` only (electron-vite's dev server, never a built or packaged app): the React
 * plugin's inline preamble, the <style> elements Vite injects for CSS, and Vite's HMR socket.
 */
export const DEV_SERVER_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' 'unsafe-inline'",
)
  .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
  .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*")

/** The page's CSP meta tag with the dev server's policy; throws if the page's policy has drifted. */
export function relaxCspForDevServer(html: string): string {
  const meta = `content="${CONTENT_SECURITY_POLICY}"`
  if (!html.includes(meta))
    throw new Error('index.html does not carry CONTENT_SECURITY_POLICY in its meta tag')
  return html.replace(meta, `content="${DEV_SERVER_CONTENT_SECURITY_POLICY}"`)
}

/** `devTools` is false in packaged builds: no one opens a console in the app people install. */
export function secureWebPreferences(preloadPath: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload: preloadPath,
    devTools: options.devTools,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
    // Middle-click (auxclick) could open links in ways the window-open handler does not see.
    disableBlinkFeatures: 'Auxclick',
  }
}

/** No navigation away from our page, no new windows, no <webview>. */
export function hardenWebContents(contents: WebContents, isOwnPage: (url: string) => boolean): void {
  // The URL from the event's details: the positional `url` argument is deprecated.
  contents.on('will-navigate', (event) => {
    if (!isOwnPage(event.url)) event.preventDefault()
  })
  contents.on('will-redirect', (event) => {
    if (!isOwnPage(event.url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

/**
 * Every permission (camera, notifications from the page, geolocation, ...) is refused. With
 * electron-vite's dev server, its pages get the dev CSP as a header too. Only its pages: since
 * Electron 42 webRequest handlers also run for `protocol.handle` responses, and the app:// page
 * carries its own CSP header (app-protocol.ts); a second one beside it would be a silent trap.
 */
export function hardenSession(session: Session, options: { devServerUrl: string | undefined }): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  if (!options.devServerUrl) return
  const devServerPages = { urls: [`${new URL(options.devServerUrl).origin}/*`] }
  session.webRequest.onHeadersReceived(devServerPages, (details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [DEV_SERVER_CONTENT_SECURITY_POLICY],
      },
    })
  })
}
