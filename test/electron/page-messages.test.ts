import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { MAX_WAITING_MESSAGES, PageMessages } from '../../src/main/electron/page-messages'

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
  it('wait, in order, until the page has asked main something, then go at once', () => {
    const page = fakeContents()
    const messages = new PageMessages(page.contents as never)
    messages.send('tw:focus-symbol', { symbol: 'AAPLon' })
    messages.send('tw:notice', { title: 'x' })
    expect(page.sent).toEqual([])
    messages.pageAsked()
    expect(page.sent).toEqual([
      ['tw:focus-symbol', { symbol: 'AAPLon' }],
      ['tw:notice', { title: 'x' }],
    ])
    messages.send('tw:settings', { hideAmounts: true })
    expect(page.sent.at(-1)).toEqual(['tw:settings', { hideAmounts: true }])
  })

  it('wait again after a reload, until the new page asks', () => {
    const page = fakeContents()
    const messages = new PageMessages(page.contents as never)
    messages.pageAsked()
    page.startLoading()
    messages.send('tw:focus-symbol', { symbol: 'NVDAon' })
    expect(page.sent).toEqual([])
    messages.pageAsked()
    expect(page.sent).toEqual([['tw:focus-symbol', { symbol: 'NVDAon' }]])
  })

  it('keep the newest messages for a page that never asks, and send nothing to a destroyed one', () => {
    const page = fakeContents()
    const messages = new PageMessages(page.contents as never)
    for (let n = 0; n < MAX_WAITING_MESSAGES + 5; n++) messages.send('tw:notice', { n })
    page.destroy()
    messages.pageAsked()
    expect(page.sent).toEqual([])
    const kept = fakeContents()
    const held = new PageMessages(kept.contents as never)
    for (let n = 0; n < MAX_WAITING_MESSAGES + 5; n++) held.send('tw:notice', { n })
    held.pageAsked()
    expect(kept.sent.map(([, payload]) => (payload as { n: number }).n)).toEqual(
      Array.from({ length: MAX_WAITING_MESSAGES }, (_, index) => index + 5),
    )
  })
})
