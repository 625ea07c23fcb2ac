import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { relaxCspForDevServer } from './src/main/electron/security'

/**
 * The page's strict CSP blocks what Vite's dev server needs (the React preamble, injected styles,
 * the HMR socket): relaxed for the dev server only (`apply: 'serve'`); builds keep it as written.
 */
export function devServerCsp(): Plugin {
  return { name: 'tokenwatch:dev-server-csp', apply: 'serve', transformIndexHtml: relaxCspForDevServer }
}

/**
 * The streaming schema is read at run time (src/main/core/feed/stream/stream-proto.ts) from beside
 * the bundle that loads it: shipped as a file in out/main, so the app and the poll worker find it.
 */
export function shipStreamingSchema(): Plugin {
  const source = resolve(__dirname, 'src/main/core/feed/stream/grpcapi.proto')
  return {
    name: 'tokenwatch:streaming-schema',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'grpcapi.proto', source: readFileSync(source, 'utf8') })
    },
  }
}

// Three builds: main (Node, CommonJS), preload (CommonJS so the window can keep `sandbox: true`)
// and the renderer (a plain web page; it knows nothing of Electron).
export default defineConfig({
  main: {
    // React's production build for the first frame main renders (src/renderer/first-frame): its
    // development build checks every render at several times the cost.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [shipStreamingSchema()],
    build: {
      // The poll and portfolio workers are entries of their own: a worker thread loads each by
      // path (see WorkerPollFeed, PortfolioThread).
      // So is the first-frame renderer, which main bundles in too: the benchmark loads it alone.
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'poll-worker': resolve(__dirname, 'src/main/poll-worker.ts'),
          'portfolio-worker': resolve(__dirname, 'src/main/portfolio-worker.ts'),
          'first-frame': resolve(__dirname, 'src/renderer/first-frame/server.tsx'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // electron-vite leaves bundles unminified; the renderer's start-up is spent compiling and
      // evaluating its bundle, which minifying makes a good deal cheaper (see BENCHMARKS.md).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), devServerCsp()],
  },
})
