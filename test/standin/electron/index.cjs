'use strict'
/**
 * A stand-in for the `electron` module, for running the BUILT app in plain Node under test (see
 * test/standin/README.md). It is not Electron: it models the API surface the app uses, with
 * Electron's documented behaviour on Linux, and throws on anything else.
 */

const { app } = require('./app.cjs')
const { BrowserWindow } = require('./browser-window.cjs')
const { ipcMain } = require('./ipc-main.cjs')
const { protocol } = require('./protocol.cjs')
const desktop = require('./desktop.cjs')
const { strict } = require('./strict.cjs')
require('./page-control.cjs')

/** Only a page has these (the preload's side); main asking for them is a bug in the app. */
function rendererOnly(name) {
  return strict({}, `${name} (renderer-only; main has none)`)
}

module.exports = strict(
  {
    app,
    BrowserWindow,
    ipcMain,
    protocol,
    ...desktop,
    contextBridge: rendererOnly('contextBridge'),
    ipcRenderer: rendererOnly('ipcRenderer'),
  },
  'electron',
)
