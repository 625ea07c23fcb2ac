'use strict'
/**
 * `node --require test/standin/register.cjs out/main/index.js`: runs the built main bundle with
 * `require('electron')` answered by the stand-in (test/standin/electron), and, when
 * TOKENWATCH_STANDIN_MARKET_TIME is set (ms since the epoch), with this process's clock starting
 * at that instant and running on, so the app's market (demo simulator, sessions) is at a fixed
 * time whatever day the test runs.
 */

const Module = require('node:module')
const path = require('node:path')

const STANDIN = path.join(__dirname, 'electron', 'index.cjs')
const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? STANDIN : resolveFilename.call(this, request, ...rest)
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
if (require('node:worker_threads').isMainThread) require('./electron/control.cjs').listen()
