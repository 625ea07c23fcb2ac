'use strict'
/** `ipcMain`: `handle` answers ipcRenderer.invoke (one handler a channel), `on` hears send. */

const { EventEmitter } = require('node:events')
const { strict } = require('./strict.cjs')

class IpcMain extends EventEmitter {
  constructor() {
    super()
    this.handlers = new Map()
  }

  handle(channel, handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }

  handleOnce(channel, handler) {
    this.handle(channel, (...args) => {
      this.removeHandler(channel)
      return handler(...args)
    })
  }

  removeHandler(channel) {
    this.handlers.delete(channel)
  }

  /** What the renderer's invoke gets back: the handler's value, or its error as Electron words it. */
  async answerInvoke(channel, event, args) {
    const handler = this.handlers.get(channel)
    if (!handler) return { ok: false, error: `Error: No handler registered for '${channel}'` }
    try {
      return { ok: true, value: await handler(event, ...args) }
    } catch (error) {
      return { ok: false, error: String(error) }
    }
  }
}

const ipcMain = strict(new IpcMain(), 'ipcMain')

module.exports = { ipcMain }
