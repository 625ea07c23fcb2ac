'use strict'
/**
 * Every object the stand-in hands the app is wrapped so that reading a member it does not have
 * throws: a new Electron call in the app fails the suite loudly instead of doing nothing.
 *
 * A few reads are not calls into Electron and must stay quiet: symbols (util.inspect, iteration),
 * `then` (awaiting or resolving a value probes it) and `toJSON` (JSON.stringify probes it).
 */

const QUIET = new Set(['then', 'toJSON', 'asymmetricMatch', '$$typeof', '__esModule'])

function strict(target, name, absentOnLinux = []) {
  const absent = new Set(absentOnLinux)
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object) {
        const value = Reflect.get(object, property, receiver)
        // Methods run on the real object, so `this` is the object and not this proxy. Classes
        // and constructors (they have a `prototype`) are handed out as they are.
        return typeof value === 'function' && !Object.hasOwn(value, 'prototype') ? value.bind(object) : value
      }
      // Members Electron only defines on other platforms read as undefined on Linux, as there.
      if (QUIET.has(property) || absent.has(property)) return undefined
      throw new Error(
        `stand-in electron: ${name}.${property} is not implemented (add it to test/standin/electron)`,
      )
    },
  })
}

module.exports = { strict }
