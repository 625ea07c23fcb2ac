'use strict'
/**
 * Electron's objects know each other: a window asks the app whether it is ready and tells it when
 * the last window is gone, the app closes every window on quit, a protocol response passes through
 * the session's webRequest handlers. The stand-in's modules must still not require each other in a
 * circle (`npm run check:cycles`), so each registers its object here as it loads and the others
 * look it up when they need it. index.cjs loads them all before the app runs.
 */

const objects = new Map()

function register(name, object) {
  objects.set(name, object)
  return object
}

function registered(name) {
  const object = objects.get(name)
  if (!object) throw new Error(`stand-in electron: ${name} is not loaded (require it through index.cjs)`)
  return object
}

/** An event whose default a listener can prevent, as Electron passes to its preventable events. */
function preventableEvent() {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

/**
 * What Electron refuses before 'ready', with its message: a window (BaseWindow::New in
 * shell/browser/api/electron_api_base_window.cc) and a tray (Tray::New in electron_api_tray.cc).
 * The screen module refuses too (lib/browser/api/screen.ts; desktop.cjs).
 */
function refuseBeforeReady(what) {
  if (!registered('app').isReady()) throw new Error(`Cannot create ${what} before app is ready`)
}

module.exports = { register, registered, preventableEvent, refuseBeforeReady }
