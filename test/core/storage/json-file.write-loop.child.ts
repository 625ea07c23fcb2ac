import { JsonFile } from '../../../src/main/core/storage/json-file'
import { payloadFor, type WriteLoopState, writeLoopSchema } from './json-file.write-loop.shared'

/**
 * Child of the kill-while-writing test: continues the count in the given file and writes it again
 * and again until it is killed; says "ready" after the first write. Bundled once into plain CommonJS by the
 * test, so each of the many
 * runs starts in plain node without a TypeScript loader.
 */
async function main(): Promise<void> {
  const [filePath] = process.argv.slice(2)
  if (!filePath) throw new Error('usage: write-loop <file>')
  const file = new JsonFile<WriteLoopState>(filePath, writeLoopSchema, () => ({
    count: 0,
    payload: payloadFor(0),
  }))
  let { count } = (await file.read()).value
  // Bounded only so a child the test failed to kill still ends; the test kills it long before.
  for (let round = 0; round < 100_000; round += 1) {
    count += 1
    await file.write({ count, payload: payloadFor(count) })
    // After one complete write, so every run moves the count on however slow the machine is.
    if (round === 0) process.stdout.write('ready\n')
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
