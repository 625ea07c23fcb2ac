import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { type Snapshot, withoutHistories } from '../../src/shared/domain'
import type { FirstFrame } from './first-frame-types'
import { type ExtraFile, RENDERER_DIR, type StaticServer, serveRenderer } from '../../test/e2e/static-server'

/**
 * Serves the built renderer on 127.0.0.1 as test/e2e/static-server.ts does, plus what stands in
 * for the main process's side of `getSnapshot` and the three pages the cold load is compared with.
 *
 * The main process's side is the benchmark's snapshot as JSON and a worker script. The worker
 * fetches and parses the snapshot without histories as soon as the page starts (the main process
 * holds its snapshot in memory before the window asks), then answers each request with
 * `postMessage`, which hands the page a structured clone: the same V8 serialiser Electron's IPC
 * uses, so the page pays what a renderer pays to receive the snapshot, on its main thread.
 * (Handing 5 MB through a Playwright binding instead would bill the test tool's own transport,
 * hundreds of ms, to the cold load; a same-origin script holding the JSON as a string literal
 * costs a 6 MB script parse that no renderer pays.)
 */

export const SNAPSHOT_WORKER_PATH = '/__bench/snapshot-worker.js'
const SNAPSHOT_JSON_PATH = '/__bench/snapshot.json'
const LIGHT_SNAPSHOT_JSON_PATH = '/__bench/snapshot-without-histories.json'

/** The renderer's first frame as a static page: its DOM and stylesheets, none of its scripts. */
export const FIRST_FRAME_PAGE_PATH = '/__bench/first-frame.html'
/**
 * The idle page's floor: the app's DOM as it stands idle (its rows, its filled ticker strip with
 * the strip's CSS animation) as a static page, plus what the screen must show each second: the
 * session clock's time and countdown, written into the same two text nodes by a plain timer on
 * the second (IDLE_FLOOR_SCRIPT). Not the first frame: its ticker strip is still empty.
 */
export const IDLE_FLOOR_PAGE_PATH = '/__bench/idle-floor.html'
/** A page holding nothing but one priced row, unstyled: the browser's own cost of a cold load. */
export const BLANK_PAGE_PATH = '/__bench/blank.html'
/** The same row rendered by React, minified for production as the app is: React's own cost. */
export const REACT_ONE_ROW_PAGE_PATH = '/__bench/react-one-row.html'
const REACT_ONE_ROW_SCRIPT_PATH = '/__bench/react-one-row.js'
/** The app's first frame rendered by React from a copy of its DOM, without the app: React's cost. */
export const REACT_FIRST_FRAME_PAGE_PATH = '/__bench/react-first-frame.html'
const REACT_FIRST_FRAME_SCRIPT_PATH = '/__bench/react-first-frame.js'
/**
 * The app's page as main serves it in the app: index.html with its first frame rendered in, by
 * main's own first-frame renderer (the built out/main/first-frame.js), at each request.
 */
export const APP_PAGE_PATH = '/'
/**
 * The plain index.html: the page renders its first frame itself once main has answered, as on
 * electron-vite's dev server or should main's render fail.
 */
export const PAGE_RENDERED_APP_PATH = '/index.html'

/**
 * Plain JavaScript: it runs in the page's worker as it is. The full snapshot (5 MB) is fetched
 * and parsed only when asked for, after the first paint: parsing it earlier would take a core
 * from the page's first frame, which the main process, holding it already, never takes. So the
 * sparklines figure includes that fetch and parse, which the real app does not pay.
 */
const WORKER_SOURCE = `
const load = (path) => fetch(path).then((response) => response.json())
const light = load(${JSON.stringify(LIGHT_SNAPSHOT_JSON_PATH)})
let full = null
self.onmessage = (event) => {
  const answer = event.data.history ? (full ??= load(${JSON.stringify(SNAPSHOT_JSON_PATH)})) : light
  answer.then((value) => self.postMessage(value))
}
`

/**
 * The idle floor's per-second text: the Eastern time and a countdown, as the app's header shows
 * them, with nothing of the app's code. The first-rows message the bench waits for is logged by
 * the bridge, as on the static frame.
 */
const IDLE_FLOOR_SCRIPT = `
const time = document.querySelector('.session-clock .et-time > span')?.firstChild
const next = document.querySelector('.session-clock .session-next')?.firstChild
const format = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'America/New_York',
})
let left = 4 * 3600 + 27 * 60 + 46
const tick = () => {
  if (time) time.nodeValue = format.format(Date.now())
  const hms = [Math.floor(left / 3600) + 'h', (Math.floor(left / 60) % 60) + 'm', (left % 60) + 's']
  if (next) next.nodeValue = 'Ends in ' + hms.join(' ')
  left -= 1
  setTimeout(tick, 1000 - (Date.now() % 1000))
}
tick()
`

/** A row the bridge's first-rows probe recognises, as small as a page with a price can be. */
const ROW = { symbol: 'AAPLon', price: '224.2147' }
const ONE_PRICED_ROW =
  `<div role="row" data-symbol="${ROW.symbol}"><div class="cell-price"><span ` +
  `class="num">${ROW.price}</span></div></div>`

/** The same row, rendered by React into #root. */
const REACT_ONE_ROW_SOURCE = `
import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
createRoot(document.getElementById('root')).render(
  h('div', { role: 'row', 'data-symbol': ${JSON.stringify(ROW.symbol)} },
    h('div', { className: 'cell-price' }, h('span', { className: 'num' }, ${JSON.stringify(ROW.price)}))),
)
`

/**
 * A page script bundled with the project's React as Vite bundles the renderer: production
 * build, minified.
 */
async function bundleForPage(entry: { source: string } | { file: string }, name: string): Promise<string> {
  const result = await build({
    ...('source' in entry
      ? { stdin: { contents: entry.source, resolveDir: join(__dirname, '..', '..'), loader: 'js' as const } }
      : { entryPoints: [entry.file] }),
    bundle: true,
    minify: true,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  if (!output) throw new Error(`esbuild wrote no bundle for the ${name} page`)
  return output.text
}

/** The built index.html's stylesheet links, made absolute for pages served from /__bench/. */
function stylesheetLinks(html: string): string {
  const links = html.match(/<link rel="stylesheet"[^>]*>/g)
  if (!links) throw new Error(`${RENDERER_DIR}/index.html links no stylesheet`)
  return links.join('').replaceAll('href="./', 'href="/')
}

function staticPage(htmlAttributes: string, head: string, body: string): string {
  return (
    `<!doctype html><html ${htmlAttributes}><head><meta charset="UTF-8"><title>Tokenwatch</title>${head}` +
    `</head><body>${body}</body></html>`
  )
}

export interface BenchServer extends StaticServer {
  /** Serves `frame` at FIRST_FRAME_PAGE_PATH (and, rendered by React, at REACT_FIRST_FRAME_PAGE_PATH). */
  setFirstFrame(frame: FirstFrame): void
  /** Serves the app's idle DOM with the clock's text at IDLE_FLOOR_PAGE_PATH. */
  setIdleFloor(dom: FirstFrame): void
}

/**
 * `snapshot` is what the page asks main for; `appPage` renders the app's page for one request as
 * main does (see first-frame.ts); `extraFiles`, what a suite serves beside them.
 */
export async function serveBenchPage(
  snapshot: Snapshot,
  appPage: () => string,
  extraFiles: readonly ExtraFile[] = [],
): Promise<BenchServer> {
  const stylesheets = stylesheetLinks(readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8'))
  const reactOneRowScript = await bundleForPage({ source: REACT_ONE_ROW_SOURCE }, 'React one-row')
  const reactFirstFrameScript = await bundleForPage(
    { file: join(__dirname, 'react-first-frame.ts') },
    'React first-frame',
  )
  let firstFramePage: string | null = null
  let idleFloorPage: string | null = null
  let reactFirstFramePage: string | null = null
  const notCaptured = staticPage('lang="en"', '', '<p>No first frame captured yet.</p>')
  const server = await serveRenderer([
    { path: SNAPSHOT_JSON_PATH, type: 'application/json', body: JSON.stringify(snapshot) },
    {
      path: LIGHT_SNAPSHOT_JSON_PATH,
      type: 'application/json',
      body: JSON.stringify(withoutHistories(snapshot)),
    },
    { path: SNAPSHOT_WORKER_PATH, type: 'text/javascript; charset=utf-8', body: WORKER_SOURCE },
    {
      path: FIRST_FRAME_PAGE_PATH,
      type: 'text/html; charset=utf-8',
      body: () => firstFramePage ?? notCaptured,
    },
    {
      path: IDLE_FLOOR_PAGE_PATH,
      type: 'text/html; charset=utf-8',
      body: () => idleFloorPage ?? notCaptured,
    },
    {
      path: REACT_FIRST_FRAME_PAGE_PATH,
      type: 'text/html; charset=utf-8',
      body: () => reactFirstFramePage ?? notCaptured,
    },
    { path: APP_PAGE_PATH, type: 'text/html; charset=utf-8', body: appPage },
    {
      path: REACT_FIRST_FRAME_SCRIPT_PATH,
      type: 'text/javascript; charset=utf-8',
      body: reactFirstFrameScript,
    },
    {
      path: BLANK_PAGE_PATH,
      type: 'text/html; charset=utf-8',
      body: staticPage('lang="en"', '', ONE_PRICED_ROW),
    },
    {
      path: REACT_ONE_ROW_PAGE_PATH,
      type: 'text/html; charset=utf-8',
      body: staticPage(
        'lang="en"',
        `<script type="module" src="${REACT_ONE_ROW_SCRIPT_PATH}"></script>`,
        '<div id="root"></div>',
      ),
    },
    { path: REACT_ONE_ROW_SCRIPT_PATH, type: 'text/javascript; charset=utf-8', body: reactOneRowScript },
    ...extraFiles,
  ])
  return {
    ...server,
    setFirstFrame(frame) {
      firstFramePage = staticPage(frame.htmlAttributes, stylesheets, frame.root)
      // The tree as JSON in the page, `<` escaped so that no text in it can end the script element.
      const tree = JSON.stringify(frame.tree).replaceAll('<', '\\u003c')
      reactFirstFramePage = staticPage(
        frame.htmlAttributes,
        `${stylesheets}<script type="module" src="${REACT_FIRST_FRAME_SCRIPT_PATH}"></script>`,
        `<div id="root"></div><script type="application/json" id="first-frame-tree">${tree}</script>`,
      )
    },
    setIdleFloor(dom) {
      idleFloorPage = staticPage(
        dom.htmlAttributes,
        stylesheets,
        `${dom.root}<script type="module">${IDLE_FLOOR_SCRIPT}</script>`,
      )
    },
  }
}
