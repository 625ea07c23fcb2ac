import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/core/app/dispatch'
import { pageCommands } from '../../src/main/core/app/commands/page'
import type { CommandHandlers } from '../../src/main/core/command-handlers'
import { registerIpcHandlers } from '../../src/main/electron/ipc-bridge'
import { MAX_WAITING_MESSAGES, PageMessages } from '../../src/main/electron/page-messages'
import { invokeChannels } from '../../src/shared/ipc-channels'

/** A window's webContents as PageMessages uses it: what it was sent, and its loading event. */
function fakeContents() {
  const events = new EventEmitter()
  const sent: [string, unknown][] = []
  let destroyed = false
  return {
    sent,
    destroy: () => (destroyed = true),
    startLoading: () => events.emit('did-start-loading'),
    contents: {
      isDestroyed: () => destroyed,
      send: (channel: string, payload: unknown) => void sent.push([channel, payload]),
      on: (event: string, listener: () => void) => events.on(event, listener),
    },
  }
}

describe("main's one-off messages to its page", () => {
  it('hold a notification click for a page that has loaded but is not live, until it says it is', () => {
    const page = fakeContents()
    const messages = new PageMessages(page.contents as never)
    // The page has loaded (main's frame, the entry script) but its app has not subscribed yet.
    messages.send('focusSymbol', { symbol: 'AAPLon' })
    messages.send('notice', { title: 'Tokenwatch', body: 'Still running in the tray' })
    expect(page.sent).toEqual([])
    messages.pageLive()
    expect(page.sent).toEqual([
      ['tw:event:focus-symbol', { symbol: 'AAPLon' }],
      ['tw:event:notice', { title: 'Tokenwatch', body: 'Still running in the tray' }],
    ])
    messages.send('settings', { hideAmounts: true })
    expect(page.sent.at(-1)).toEqual(['tw:event:settings', { hideAmounts: true }])
  })

  it('hold them again from the start of a reload, until the new page says it is live', () => {
    const page = fakeContents()
    const messages = new PageMessages(page.contents as never)
    messages.pageLive()
    page.startLoading()
    messages.send('focusSymbol', { symbol: 'NVDAon' })
    expect(page.sent).toEqual([])
    messages.pageLive()
    expect(page.sent).toEqual([['tw:event:focus-symbol', { symbol: 'NVDAon' }]])
  })

  it('keep the newest messages for a page that never says it, and send nothing to a destroyed one', () => {
    const gone = fakeContents()
    const toGone = new PageMessages(gone.contents as never)
    for (let n = 0; n < MAX_WAITING_MESSAGES + 5; n++) toGone.send('notice', { n })
    gone.destroy()
    toGone.pageLive()
    expect(gone.sent).toEqual([])
    const kept = fakeContents()
    const held = new PageMessages(kept.contents as never)
    for (let n = 0; n < MAX_WAITING_MESSAGES + 5; n++) held.send('notice', { n })
    held.pageLive()
    expect(kept.sent.map(([, payload]) => (payload as { n: number }).n)).toEqual(
      Array.from({ length: MAX_WAITING_MESSAGES }, (_, index) => index + 5),
    )
  })
})

describe("the page's word that it is live, through the IPC bridge", () => {
  it('is acted on only from our own page, and only once the core has checked it (no arguments)', async () => {
    const handlers = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>()
    const ipcMain = {
      handle: (channel: string, handler: (event: unknown, args: unknown) => Promise<unknown>) =>
        void handlers.set(channel, handler),
      removeHandler: (channel: string) => void handlers.delete(channel),
    }
    // The core's own check of the call, as AppCore.invoke runs it.
    const core = {
      invoke: (name: 'pageLive', args: unknown) => dispatch(pageCommands() as CommandHandlers, name, args),
      keyToWithhold: () => null,
    }
    let trusted = false
    let told = 0
    registerIpcHandlers(
      ipcMain as never,
      core as never,
      () => trusted,
      () => (told += 1),
    )
    const pageLive = handlers.get(invokeChannels.pageLive)
    if (!pageLive) throw new Error('no handler for pageLive')

    expect(await pageLive({}, undefined)).toMatchObject({ ok: false }) // a frame that is not ours
    trusted = true
    expect(await pageLive({}, { symbol: 'AAPLon' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    })
    expect(told).toBe(0)
    expect(await pageLive({}, undefined)).toEqual({ ok: true, value: null })
    expect(told).toBe(1)
  })
})
