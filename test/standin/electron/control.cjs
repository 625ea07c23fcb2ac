'use strict'
/**
 * The control channel between a test and the app process it started: JSON lines.
 *   test -> app: stdin,  {"id": 1, "op": "clickTrayItem", "label": "Quit Tokenwatch"}
 *   app -> test: fd 3,   {"id": 1, "ok": true, "result": ...}  and  {"event": "dialog", ...}
 * fd 3 is written synchronously, so what the app showed just before it exited (the error dialog
 * of a failed start) or crashed is never lost. Without fd 3 (the app started by hand) the
 * channel is silent and commands are never read.
 */

const fs = require('node:fs')
const readline = require('node:readline')

const EVENTS_FD = 3
const handlers = new Map()
let connected = null

function isConnected() {
  if (connected === null) {
    try {
      fs.fstatSync(EVENTS_FD)
      connected = true
    } catch {
      connected = false
    }
  }
  return connected
}

function writeLine(message) {
  if (!isConnected()) return
  const bytes = Buffer.from(`${JSON.stringify(message)}\n`)
  let written = 0
  // Bounded: a pipe that stays full for this many tries means the test is gone.
  for (let tries = 0; written < bytes.length && tries < 10_000; tries++) {
    try {
      written += fs.writeSync(EVENTS_FD, bytes, written)
    } catch (error) {
      if (error.code !== 'EAGAIN') return
    }
  }
}

/** Tells the test something happened (a dialog, a notification, a new tray menu, an exit). */
function emitEvent(event, data = {}) {
  writeLine({ ...data, event })
}

/** Registers what an `op` does; the result (or a promise of it) is the reply. */
function onCommand(op, handler) {
  handlers.set(op, handler)
}

function listen() {
  if (!isConnected()) return
  const lines = readline.createInterface({ input: process.stdin })
  lines.on('line', async (line) => {
    let command
    try {
      command = JSON.parse(line)
    } catch {
      return
    }
    const handler = handlers.get(command.op)
    try {
      if (!handler) throw new Error(`unknown control op "${command.op}"`)
      writeLine({ id: command.id, ok: true, result: (await handler(command)) ?? null })
    } catch (error) {
      writeLine({ id: command.id, ok: false, error: error instanceof Error ? error.message : String(error) })
    }
  })
  // The test went away: do not outlive it.
  lines.on('close', () => process.exit(70))
  // Reading commands alone must not keep an app alive that would otherwise have exited.
  process.stdin.unref()
}

module.exports = { emitEvent, onCommand, listen }
