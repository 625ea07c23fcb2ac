'use strict'
/**
 * `node --require test/standin/register.cjs out/main/index.js`: runs the built main bundle with
 * `require('electron')` answered by the stand-in (test/standin/electron), and, when
 * TOKENWATCH_STANDIN_MARKET_TIME is set (ms since the epoch), with this process's clock starting
 * at that instant and running on, so the app's market (demo simulator, sessions) is at a fixed
 * time whatever day the test runs.
 *
 * TOKENWATCH_STANDIN_PLATFORM (win32, darwin) makes `process.platform` read as that OS, for the
 * app and for the stand-in, which then follows that platform's Electron rules (notifications, the
 * tray tooltip). Only what reads `process.platform` changes: Node's own modules (path, os) stay
 * Linux's, so a test that asks for another platform must also give its paths (the user data
 * folder) itself, as StandinApp does.
 */

const Module = require('node:module')
const path = require('node:path')

const STANDIN = path.join(__dirname, 'electron', 'index.cjs')
const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? STANDIN : resolveFilename.call(this, request, ...rest)
}

const platform = process.env.TOKENWATCH_STANDIN_PLATFORM
if (platform) {
  if (!['linux', 'win32', 'darwin'].includes(platform))
    throw new Error(`TOKENWATCH_STANDIN_PLATFORM: no stand-in for ${platform}`)
  // Node's builtins that decide their platform when first loaded, loaded here first, so they
  // keep working on the Linux they run on.
  for (const builtin of ['os', 'fs', 'net', 'child_process', 'url', 'readline', 'worker_threads'])
    require(`node:${builtin}`)
  Object.defineProperty(process, 'platform', { value: platform, enumerable: true })
}

const marketTime = Number(process.env.TOKENWATCH_STANDIN_MARKET_TIME)
if (Number.isFinite(marketTime) && marketTime > 0) {
  const RealDate = Date
  const offset = marketTime - RealDate.now()
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(...args)
    }
    static now() {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = ShiftedDate
}

// Worker threads (the app's poll worker) inherit this --require, and the shifted clock with it;
// the control channel on stdin is the main thread's alone.
if (require('node:worker_threads').isMainThread) {
  const control = require('./electron/control.cjs')
  control.listen()
  // The files the main thread has loaded so far (require's cache): what the app loads only when
  // it needs it must not be among them before then.
  control.onCommand('loadedModules', () => Object.keys(require.cache))
}
