#!/usr/bin/env node
// The `tokenwatch` command (package.json "bin"; `npx tokenwatch` in the checkout, `npm link` to put
// it on PATH). It runs the command line BUILT, never through tsx at run time: the first run (and
// any run after a source file changed) bundles src/main/cli/index.ts with esbuild into a cache
// under node_modules, which `npm ci` clears and `npm pack` leaves out. Building on first use rather
// than in an install script keeps `npm install` from needing the sources to compile and keeps a
// stale build from outliving an edit.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const sourceDir = join(root, 'src')
// Overridable so the launcher's own test can build into a scratch folder (inside the checkout,
// where the build finds node_modules).
const buildDir =
  process.env.TOKENWATCH_CLI_BUILD_DIR || join(root, 'node_modules', '.cache', 'tokenwatch-cli')
const built = join(buildDir, 'tokenwatch.cjs')

/** The newest modification time of any file under `dir`. */
function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs
    if (time > newest) newest = time
  }
  return newest
}

function builtTime() {
  try {
    return statSync(built).mtimeMs
  } catch {
    return -1
  }
}

async function build() {
  process.stderr.write('tokenwatch: building the command line (first run or sources changed)...\n')
  const { build: esbuild } = await import('esbuild')
  mkdirSync(buildDir, { recursive: true })
  // A temporary name then a rename: two first runs at once never load a half-written file.
  const partial = `${built}.${process.pid}.partial`
  await esbuild({
    entryPoints: [join(sourceDir, 'main', 'cli', 'index.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    // Dependencies load from node_modules as installed (keytar is a native module).
    packages: 'external',
    logLevel: 'error',
  })
  // The streaming schema is read at run time from beside the bundle (stream-proto.ts), as the app's
  // build copies it beside out/main; first, so the bundle never stands without it.
  copyFileSync(
    join(sourceDir, 'main', 'core', 'feed', 'stream', 'grpcapi.proto'),
    join(buildDir, 'grpcapi.proto'),
  )
  renameSync(partial, built)
}

const schemaBesideBuild = existsSync(join(buildDir, 'grpcapi.proto'))
if (!schemaBesideBuild || builtTime() < newestMtime(sourceDir)) await build()
// In this process, not a child: a signal to `tokenwatch` (SIGTERM to `tokenwatch sim`) reaches the
// command itself, and the arguments after this script's path are the command's, as it expects.
createRequire(import.meta.url)(built)
