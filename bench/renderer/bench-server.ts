import { type Snapshot, withoutHistories } from '../../src/shared/domain'
import { type StaticServer, serveRenderer } from '../../test/e2e/static-server'

/**
 * Serves the built renderer on 127.0.0.1 as test/e2e/static-server.ts does, plus what stands in
 * for the main process's side of `getSnapshot`: the benchmark's snapshot as JSON and a worker
 * script. The worker fetches and parses the snapshot as soon as the page starts (the main process
 * holds its snapshot in memory before the window asks), then answers each request, with or
 * without the histories as asked, with `postMessage`, which hands the page a structured clone: the same V8 serialiser Electron's IPC
 * uses, so the page pays what a renderer pays to receive the snapshot, on its main thread.
 * (Handing 5 MB through a Playwright binding instead would bill the test tool's own transport,
 * hundreds of ms, to the cold load; a same-origin script holding the JSON as a string literal
 * costs a 6 MB script parse that no renderer pays.)
 */

export const SNAPSHOT_WORKER_PATH = '/__bench/snapshot-worker.js'
const SNAPSHOT_JSON_PATH = '/__bench/snapshot.json'
const LIGHT_SNAPSHOT_JSON_PATH = '/__bench/snapshot-without-histories.json'

/**
 * Plain JavaScript: it runs in the page's worker as it is. The snapshot without histories is
 * parsed at once; the full one (5 MB) only once that has been asked for, so that the worker's own
 * parsing, which the main process never does while a window loads, does not take a core from the
 * page while it loads.
 */
const WORKER_SOURCE = `
const load = (path) => fetch(path).then((response) => response.json())
const light = load(${JSON.stringify(LIGHT_SNAPSHOT_JSON_PATH)})
let full = null
self.onmessage = (event) => {
  const answer = event.data.history ? (full ??= load(${JSON.stringify(SNAPSHOT_JSON_PATH)})) : light
  answer.then((value) => {
    self.postMessage(value)
    full ??= load(${JSON.stringify(SNAPSHOT_JSON_PATH)})
  })
}
`

export type BenchServer = StaticServer

export function serveBenchPage(snapshot: Snapshot): Promise<BenchServer> {
  return serveRenderer([
    { path: SNAPSHOT_JSON_PATH, type: 'application/json', body: JSON.stringify(snapshot) },
    {
      path: LIGHT_SNAPSHOT_JSON_PATH,
      type: 'application/json',
      body: JSON.stringify(withoutHistories(snapshot)),
    },
    { path: SNAPSHOT_WORKER_PATH, type: 'text/javascript; charset=utf-8', body: WORKER_SOURCE },
  ])
}
