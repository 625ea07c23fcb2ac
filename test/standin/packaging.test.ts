import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { extractFile, listPackage } from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Packaging as far as this network allows: electron-builder --dir for Linux from the project's
 * own electron-builder.yml, with `electronDist` a stand-in Electron distribution (Electron's binary
 * cannot be downloaded here). The stand-in executable is a placeholder script that carries
 * Electron's fuse wire (sentinel, version, length, Electron 45's default states), so the builder
 * flips the configured fuses in it exactly as it would in the real binary. Dependencies are not
 * rebuilt (npmRebuild=false): that step downloads Electron's headers.
 */

const REPO = resolve(__dirname, '../..')
const ELECTRON_VERSION = JSON.parse(
  readFileSync(join(REPO, 'node_modules/electron/package.json'), 'utf8'),
).version
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/**
 * Electron 45's nine fuses and their defaults, in the V1 order of build/fuses/fuses.json5 in
 * Electron's source: RunAsNode 1, EnableCookieEncryption 0, EnableNodeOptionsEnvironmentVariable
 * 1, EnableNodeCliInspectArguments 1, EnableEmbeddedAsarIntegrityValidation 0,
 * OnlyLoadAppFromAsar 0, LoadBrowserProcessSpecificV8Snapshot 0, GrantFileProtocolExtraPrivileges
 * 1, WasmTrapHandlers 1 (the ninth, which @electron/fuses 1.8 does not name and leaves as it is).
 */
const ELECTRON_DEFAULT_FUSES = '101100011'
const WASM_TRAP_HANDLERS = 8

function standInDistribution(dir: string): void {
  mkdirSync(join(dir, 'resources'), { recursive: true })
  const script = Buffer.from('#!/bin/sh\necho "a stand-in Electron distribution: not runnable" >&2\nexit 1\n')
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, ELECTRON_DEFAULT_FUSES.length]),
    Buffer.from(ELECTRON_DEFAULT_FUSES),
  ])
  writeFileSync(join(dir, 'electron'), Buffer.concat([script, wire]))
  chmodSync(join(dir, 'electron'), 0o755)
  writeFileSync(join(dir, 'version'), ELECTRON_VERSION)
  writeFileSync(join(dir, 'LICENSE'), 'The stand-in distribution has no licence of its own.\n')
  writeFileSync(join(dir, 'LICENSES.chromium.html'), '<!doctype html><title>stand-in</title>\n')
}

/** A fuse's state in the wire: the characters '0' and '1'. */
const FUSE = { DISABLE: '0'.charCodeAt(0), ENABLE: '1'.charCodeAt(0) }

let work: string
let unpacked: string
let asar: string

beforeAll(async () => {
  if (!existsSync(join(REPO, 'out/main/index.js'))) throw new Error('run npm run build first')
  work = await mkdtemp(join(tmpdir(), 'tokenwatch-pack-'))
  standInDistribution(join(work, 'electron-dist'))
  await promisify(execFile)(
    join(REPO, 'node_modules/.bin/electron-builder'),
    [
      '--dir',
      '--linux',
      '--x64',
      `-c.electronDist=${join(work, 'electron-dist')}`,
      `-c.directories.output=${join(work, 'out')}`,
      '-c.npmRebuild=false',
    ],
    { cwd: REPO, timeout: 280_000 },
  )
  unpacked = join(work, 'out/linux-unpacked')
  asar = join(unpacked, 'resources/app.asar')
}, 300_000)

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

describe('electron-builder --dir --linux on a stand-in Electron', () => {
  it('packs the built bundles and package.json into app.asar', () => {
    const files = new Set(listPackage(asar, { isPack: false }).map((file) => file.replaceAll('\\', '/')))
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/poll-worker.js',
      '/out/main/portfolio-worker.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
    ])
      expect(files.has(file), file).toBe(true)
    const packed = JSON.parse(extractFile(asar, 'package.json').toString())
    expect(packed.main).toBe('./out/main/index.js')
  })

  it('ships every runtime dependency and no development one', () => {
    const files = new Set(listPackage(asar, { isPack: false }))
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'))
    for (const name of Object.keys(manifest.dependencies))
      expect(files.has(`/node_modules/${name}/package.json`), name).toBe(true)
    for (const name of ['electron', 'react', 'vitest', 'playwright-core'])
      expect(files.has(`/node_modules/${name}/package.json`), name).toBe(false)
  })

  it("keeps keytar's native module outside the asar, where it can be loaded", () => {
    expect(
      existsSync(join(unpacked, 'resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node')),
    ).toBe(true)
  })

  it('puts the tray icons and the app icon in resources', () => {
    for (const icon of ['tray.png', 'tray-unread.png', 'icon.png'])
      expect(existsSync(join(unpacked, 'resources', icon)), icon).toBe(true)
  })

  it("flips the configured fuses in the executable's fuse wire", async () => {
    const wire = await getCurrentFuseWire(join(unpacked, 'tokenwatch'))
    expect({
      runAsNode: wire[FuseV1Options.RunAsNode],
      cookieEncryption: wire[FuseV1Options.EnableCookieEncryption],
      nodeOptions: wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      inspectArguments: wire[FuseV1Options.EnableNodeCliInspectArguments],
      asarIntegrity: wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      onlyLoadAppFromAsar: wire[FuseV1Options.OnlyLoadAppFromAsar],
      fileProtocolExtraPrivileges: wire[FuseV1Options.GrantFileProtocolExtraPrivileges],
      wasmTrapHandlers: wire[WASM_TRAP_HANDLERS as FuseV1Options],
    }).toEqual({
      runAsNode: FUSE.DISABLE,
      cookieEncryption: FUSE.ENABLE,
      nodeOptions: FUSE.DISABLE,
      inspectArguments: FUSE.DISABLE,
      asarIntegrity: FUSE.ENABLE,
      onlyLoadAppFromAsar: FUSE.ENABLE,
      fileProtocolExtraPrivileges: FUSE.DISABLE,
      wasmTrapHandlers: FUSE.ENABLE,
    })
  })
})
