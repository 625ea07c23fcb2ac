import { parentPort, workerData } from 'node:worker_threads'

/**
 * A stand-in for the poll worker's entry started to migrate (history-upgrade.test.ts): what it
 * does is named by the last part of the folder it is given. `answer` posts the job it was given
 * back as the file set aside; `clean` posts no file set aside; `failed` posts a failure; `silent`
 * exits without a word; `throws` throws.
 */
const what = workerData.folder.split('/').at(-1)
if (what === 'answer') parentPort.postMessage({ setAside: JSON.stringify(workerData) })
if (what === 'clean') parentPort.postMessage({ setAside: null })
if (what === 'failed') parentPort.postMessage({ failed: 'the disk is full (stand-in)' })
if (what === 'silent') process.exit(3)
if (what === 'throws') throw new Error('the stand-in thread broke')
