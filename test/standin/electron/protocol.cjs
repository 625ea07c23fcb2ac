'use strict'
/**
 * `protocol`: custom schemes, served by the handlers the app gives `protocol.handle`. Chromium
 * here cannot load a scheme it does not know, so each handled scheme answers on a server of its
 * own on 127.0.0.1, whose origin stands for `scheme://host`: windows load that origin, and every
 * URL the app is told (getURL, an IPC sender frame's url, will-navigate) is turned back into the
 * app's own. As in Electron, schemes are registered as privileged before 'ready' and handled
 * after it. Modelled: standard schemes with one host each (what an app serving its page uses).
 */

const http = require('node:http')
const { emitEvent } = require('./control.cjs')
const { strict } = require('./strict.cjs')
const { registered } = require('./registry.cjs')

/** scheme -> privileges, from registerSchemesAsPrivileged. */
const privileged = new Map()
/** scheme -> the app's handler. */
const handlers = new Map()
/** scheme -> { host, origin, server } once a URL of that scheme is loaded. */
const served = new Map()

function appIsReady() {
  return registered('app').isReady()
}

function registerSchemesAsPrivileged(schemes) {
  if (appIsReady())
    throw new Error('protocol.registerSchemesAsPrivileged can only be called before the app is ready')
  for (const { scheme, privileges } of schemes) privileged.set(scheme, privileges ?? {})
}

function handle(scheme, handler) {
  if (!appIsReady()) throw new Error('protocol.handle can only be called after the app is ready')
  if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`)
  handlers.set(scheme, handler)
}

/** Answers one request with the app's handler, as Electron hands it a Request and takes a Response. */
async function answer(scheme, host, req, res) {
  try {
    const handler = handlers.get(scheme)
    if (!handler) throw new Error(`the scheme ${scheme} is no longer handled`)
    const request = new Request(`${scheme}://${host}${req.url}`, { method: req.method, headers: req.headers })
    const response = await handler(request)
    const headers = await afterWebRequest(`${scheme}://${host}${req.url}`, req.method, response)
    emitEvent('protocol-response', { url: `${scheme}://${host}${req.url}`, headers })
    // Raw pairs: two headers of one name (one the handler's, one a webRequest handler's) both go out.
    res.writeHead(response.status, headers.flat()).end(Buffer.from(await response.arrayBuffer()))
  } catch (error) {
    emitEvent('protocol-error', { scheme, url: req.url, message: error.message })
    res.writeHead(500).end()
  }
}

/**
 * Since Electron 42 the session's webRequest handlers also run for responses from
 * `protocol.handle` (docs/breaking-changes.md, "Planned Breaking API Changes (42.0)"): the
 * onHeadersReceived handler sees the handler's headers and its answer replaces them.
 * Returns [name, value] pairs as they go to the page.
 */
async function afterWebRequest(url, method, response) {
  const responseHeaders = {}
  response.headers.forEach((value, name) => {
    responseHeaders[name] = [value]
  })
  const listener = registered('session').defaultSession.webRequest.headersListener(url)
  const answered = listener
    ? await new Promise((resolve) =>
        listener(
          { id: 0, url, method, resourceType: 'mainFrame', statusCode: response.status, responseHeaders },
          (result) => resolve(result.responseHeaders ?? responseHeaders),
        ),
      )
    : responseHeaders
  return Object.entries(answered).flatMap(([name, values]) => [values].flat().map((value) => [name, value]))
}

async function serve(scheme, host) {
  const known = served.get(scheme)
  if (known) {
    if (known.host !== host) throw new Error(`stand-in: one host per scheme (${scheme}://${known.host})`)
    return known
  }
  const server = http.createServer((req, res) => void answer(scheme, host, req, res))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const entry = { host, origin: `http://127.0.0.1:${server.address().port}`, server }
  served.set(scheme, entry)
  return entry
}

/** The URL a page loads for `url`: a handled scheme's own server, anything else as it is. */
async function toPageUrl(url) {
  const parsed = new URL(url)
  const scheme = parsed.protocol.slice(0, -1)
  if (!handlers.has(scheme)) return url
  if (privileged.get(scheme)?.standard !== true)
    throw new Error(`stand-in: ${scheme}: is handled but not registered as a standard scheme`)
  const { origin } = await serve(scheme, parsed.host)
  return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`
}

/** The app's URL for what a page shows: its own scheme back for a handled scheme's server. */
function fromPageUrl(url) {
  for (const [scheme, { host, origin }] of served)
    if (url === origin || url.startsWith(`${origin}/`))
      return `${scheme}://${host}${url.slice(origin.length) || '/'}`
  return url
}

const protocol = strict(
  {
    registerSchemesAsPrivileged,
    handle,
    unhandle: (scheme) => handlers.delete(scheme),
    isProtocolHandled: (scheme) => handlers.has(scheme),
  },
  'protocol',
)

module.exports = { protocol, toPageUrl, fromPageUrl }
