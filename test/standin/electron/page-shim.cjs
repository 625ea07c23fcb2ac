'use strict'
/**
 * The script a stand-in window runs in its page before the page's own scripts: the built preload
 * bundle (CommonJS) with a `require('electron')` that gives it contextBridge and ipcRenderer.
 * ipcRenderer.invoke/send go to main through a Playwright binding (which tells main the calling
 * frame); main's webContents.send comes back through DELIVER.
 *
 * Like Electron without nodeIntegrationInSubFrames, the preload runs in the main frame only. Not
 * modelled: context isolation (the preload shares the page's world here), so this checks the
 * wiring, not the isolation, which only real Electron can show.
 */

const fs = require('node:fs')

const BINDING = '__standinIpc'
const DELIVER = '__standinDeliver'

function pageShim(binding, deliverName, runPreload) {
  const callMain = window[binding]
  // Out of the page's reach once captured (the binding stays callable through callMain).
  try {
    delete window[binding]
  } catch {
    /* a non-configurable binding stays; the frame check in main still applies */
  }
  if (window !== window.top) return

  const listeners = new Map()
  const ipcRenderer = {
    invoke(channel, ...args) {
      return callMain({ kind: 'invoke', channel, args }).then((reply) => {
        if (reply.ok) return reply.value
        throw new Error(`Error invoking remote method '${channel}': ${reply.error}`)
      })
    },
    send(channel, ...args) {
      void callMain({ kind: 'send', channel, args })
    },
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
      return ipcRenderer
    },
    once(channel, listener) {
      const wrapped = (...args) => {
        ipcRenderer.removeListener(channel, wrapped)
        listener(...args)
      }
      return ipcRenderer.on(channel, wrapped)
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener)
      return ipcRenderer
    },
    off(channel, listener) {
      return ipcRenderer.removeListener(channel, listener)
    },
    removeAllListeners(channel) {
      if (channel === undefined) listeners.clear()
      else listeners.delete(channel)
      return ipcRenderer
    },
  }
  Object.defineProperty(window, deliverName, {
    value: (channel, args) => {
      const event = { sender: ipcRenderer, senderId: 0, ports: [] }
      for (const listener of [...(listeners.get(channel) ?? [])]) listener(event, ...args)
    },
  })
  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (Object.hasOwn(window, key))
        throw new Error(`Cannot bind an API on top of an existing property on the window object`)
      Object.defineProperty(window, key, { value: Object.freeze({ ...api }), enumerable: true })
    },
  }
  const electron = { contextBridge, ipcRenderer }
  const missing = (name) => {
    throw new Error(`stand-in preload: require('${name}') is not available in a sandboxed preload`)
  }
  const module = { exports: {} }
  const require = (name) => (name === 'electron' ? electron : missing(name))
  runPreload(require, module, module.exports)
}

/** The init script for a page: pageShim with the built preload's text inlined. */
function pageShimScript(preloadPath) {
  const source = fs.readFileSync(preloadPath, 'utf8')
  // The bundle is inlined as a function body (as Node wraps a CommonJS module), not eval'd.
  const runPreload = `function (require, module, exports) {\n${source}\n}`
  return `(${pageShim.toString()})(${JSON.stringify(BINDING)}, ${JSON.stringify(DELIVER)}, ${runPreload})`
}

module.exports = { pageShimScript, BINDING, DELIVER }
