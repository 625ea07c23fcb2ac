import { type StaticServer, serveRenderer } from '../../test/e2e/static-server'

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

export type BenchServer = StaticServer

export function serveBenchPage(snapshotJson: string): Promise<BenchServer> {
  return serveRenderer([
    {
      path: SNAPSHOT_SCRIPT_PATH,
      type: 'text/javascript; charset=utf-8',
      body: `window.${SNAPSHOT_GLOBAL} = ${JSON.stringify(snapshotJson)}\n`,
    },
  ])
}
