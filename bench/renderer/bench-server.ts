import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { RENDERER_DIR, assertRendererBuilt } from '../../test/e2e/static-server'

/**
 * Serves the built renderer on 127.0.0.1 as test/e2e/static-server.ts does, plus the benchmark's
 * snapshot as a script of the same origin (the page's CSP allows scripts from 'self' and no fetch).
 * The page's bridge loads it while the app loads, and parses it on getSnapshot, which costs about
 * what Electron's deserialising the snapshot from IPC would. Handing 5 MB through a Playwright
 * binding instead would bill the test tool's own transport (hundreds of ms) to the cold load.
 */

export const SNAPSHOT_SCRIPT_PATH = '/__bench/snapshot.js'
/** The global the snapshot script sets, to the snapshot as JSON text. */
export const SNAPSHOT_GLOBAL = '__benchSnapshotJson'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export interface BenchServer {
  url: string
  close(): Promise<void>
}

export async function serveBenchPage(snapshotJson: string): Promise<BenchServer> {
  assertRendererBuilt()
  const snapshotScript = `window.${SNAPSHOT_GLOBAL} = ${JSON.stringify(snapshotJson)}\n`
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    if (path === SNAPSHOT_SCRIPT_PATH) {
      res.writeHead(200, { 'Content-Type': TYPES['.js'] }).end(snapshotScript)
      return
    }
    const file = normalize(join(RENDERER_DIR, path === '/' ? 'index.html' : path))
    if (!file.startsWith(RENDERER_DIR + sep)) {
      res.writeHead(403).end()
      return
    }
    readFile(file).then(
      (body) =>
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
