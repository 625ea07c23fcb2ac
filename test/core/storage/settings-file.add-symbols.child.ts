import { once } from 'node:events'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'

/**
 * Child of the concurrency test: adds `<prefix>0on` .. `<prefix><count-1>on`, each a locked
 * update. Says "ready" once loaded and starts on the first input, so both children write at once.
 */
async function main(): Promise<void> {
  const [dir, prefix, countText] = process.argv.slice(2)
  if (!dir || !prefix || !countText) throw new Error('usage: add-symbols <userDataDir> <prefix> <count>')
  const store = new SettingsFile(dir)
  process.stdout.write('ready\n')
  await once(process.stdin, 'data')
  for (let index = 0; index < Number(countText); index += 1) await store.addSymbol(`${prefix}${index}on`)
  process.stdin.destroy()
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
