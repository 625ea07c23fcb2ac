// Loaded with `node --require` by scripts/security-checks.sh for electronegativity only.
// Its release-list check fetches from the network with `got`; where the network is closed, got's
// retry throws an uncaught error on Node 24 that ends the whole scan. Refusing at once instead
// sends the checker down its own "No connectivity?" path, and every other check runs as usual.
// A CommonJS preload: require is the only way it can load anything.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require('node:module')
const load = Module._load
const refuse = () => Promise.reject(new Error('offline: the security scan does not fetch'))
const offlineGot = Object.assign(refuse, { head: refuse, get: refuse })
Module._load = function (request, parent, isMain) {
  if (request === 'got') return Object.assign(offlineGot, { default: offlineGot })
  return load.call(this, request, parent, isMain)
}
