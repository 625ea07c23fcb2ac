import { z } from 'zod'
import { JsonFile } from '../../../src/main/core/storage/json-file'

/**
 * Child of json-file.test.ts's killed-holder test: takes the file's lock for a change, says
 * "locked" and never lets go (a blocked change), until the test kills it.
 */

const file = new JsonFile(process.argv[2] as string, z.object({ count: z.number() }), () => ({ count: 0 }))
void file.update(() => {
  process.stdout.write('locked\n')
  // Blocks this process inside its change, holding the lock, as a hung or dying writer would.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000)
  process.exit(1)
})
