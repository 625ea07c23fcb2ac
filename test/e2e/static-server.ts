import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { CONTENT_TYPES } from '../../src/main/electron/app-protocol'

/** Where `npm run build` puts the renderer. */
export const RENDERER_DIR = join(__dirname, '..', '..', 'out', 'renderer')

/** Fails with the fix in the message when the renderer has not been built. */
export function assertRendererBuilt(): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html')))
    throw new Error(
      `The built renderer is missing (${RENDERER_DIR}/index.html): run \`npm run build\` first.`,
    )
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

/**
 * A generated file served at a path beside the renderer's own (the benchmarks' snapshot worker
 * and pages); a function body is read at each request, for a page made after the server started.
 */
export interface ExtraFile {
  path: string
  type: string
  body: string | (() => string | Promise<string>)
}

/** Serves the built renderer on 127.0.0.1 at a free port; nothing outside its folder. */
export async function serveRenderer(extraFiles: readonly ExtraFile[] = []): Promise<StaticServer> {
  assertRendererBuilt()
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    const extra = extraFiles.find((file) => file.path === path)
    if (extra) {
      Promise.resolve(typeof extra.body === 'string' ? extra.body : extra.body()).then(
        (body) => res.writeHead(200, { 'Content-Type': extra.type }).end(body),
        (error: unknown) => res.writeHead(500).end(String(error)),
      )
      return
    }
    const file = normalize(join(RENDERER_DIR, path === '/' ? 'index.html' : path))
    if (!file.startsWith(RENDERER_DIR + sep)) {
      res.writeHead(403).end()
      return
    }
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body),
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
