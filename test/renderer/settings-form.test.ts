import { describe, expect, it } from 'vitest'
import {
  checkCadence,
  draftOf,
  patchFromDraft,
  refusalOf,
  streamAddressPlaceholder,
} from '../../src/renderer/settings/settings-form'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'

describe('settings form', () => {
  it('refuses a base URL the contract refuses, and saves nothing', () => {
    const draft = {
      ...draftOf(DEFAULT_SETTINGS),
      baseUrl: 'http://quotes.example.com',
      theme: 'light' as const,
    }
    const result = patchFromDraft(draft, DEFAULT_SETTINGS)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.errors.baseUrl).toMatch(/^Plain http:\/\/ is allowed only to this computer/)
  })

  it('refuses a cadence outside its bounds or not a number', () => {
    expect(checkCadence('pricesSeconds', '0.5')).toEqual({ ok: false, reason: 'Must be 1 to 300 seconds' })
    expect(checkCadence('marketSeconds', 'soon').ok).toBe(false)
    expect(checkCadence('pricesSeconds', '2.5')).toEqual({ ok: true, ms: 2500 })
  })

  it(
    'checks the streaming address inline: empty derives it, off polls ' +
      'only, host:port overrides, anything else refused',
    () => {
      const draft = draftOf(DEFAULT_SETTINGS)
      expect(draft.streamAddress).toBe('')
      expect(streamAddressPlaceholder(draft.baseUrl)).toBe('grpc.gm.ondo.finance:443 (from the base URL)')
      expect(streamAddressPlaceholder('http://127.0.0.1:8080')).toBe(
        'none known for this base URL: prices polled',
      )
      for (const bad of [
        'https://grpc.example.test',
        'grpc.example.test:0',
        'grpc example',
        'a'.repeat(261),
      ]) {
        const result = patchFromDraft({ ...draft, streamAddress: bad, theme: 'light' }, DEFAULT_SETTINGS)
        expect(result.ok, bad).toBe(false)
        if (!result.ok)
          expect(result.errors.streamAddress, bad).toMatch(
            /^(Host or host:port, empty for the usual one, or off|At most 260 characters)$/,
          )
      }
      expect(patchFromDraft({ ...draft, streamAddress: ' off ' }, DEFAULT_SETTINGS)).toEqual({
        ok: true,
        patch: { streamAddress: 'off' },
        columns: null,
      })
      const overridden = { ...DEFAULT_SETTINGS, streamAddress: 'grpc.example.test:8443' }
      expect(draftOf(overridden).streamAddress).toBe('grpc.example.test:8443')
      expect(patchFromDraft({ ...draftOf(overridden), streamAddress: '' }, overridden)).toEqual({
        ok: true,
        patch: { streamAddress: '' },
        columns: null,
      })
      // Main's refusal shows under the field, as the form's own would.
      expect(
        refusalOf({ message: 'host or host:port, empty for the usual one, or off', field: 'streamAddress' }),
      ).toEqual({
        errors: { streamAddress: 'Host or host:port, empty for the usual one, or off' },
        text: null,
      })
    },
  )

  it('offers the cost method, average by default, and sends FIFO once chosen', () => {
    expect(draftOf(DEFAULT_SETTINGS).costMethod).toBe('average')
    expect(patchFromDraft({ ...draftOf(DEFAULT_SETTINGS), costMethod: 'fifo' }, DEFAULT_SETTINGS)).toEqual({
      ok: true,
      patch: { costMethod: 'fifo' },
      columns: null,
    })
  })

  it('sends only what changed', () => {
    const draft = {
      ...draftOf(DEFAULT_SETTINGS),
      pricesSeconds: '10',
      density: 'compact' as const,
      baseUrl: 'http://127.0.0.1:8080/',
    }
    expect(patchFromDraft(draft, DEFAULT_SETTINGS)).toEqual({
      ok: true,
      patch: { baseUrl: 'http://127.0.0.1:8080', cadences: { pricesMs: 10_000 }, density: 'compact' },
      columns: null,
    })
    expect(patchFromDraft(draftOf(DEFAULT_SETTINGS), DEFAULT_SETTINGS)).toEqual({
      ok: true,
      patch: {},
      columns: null,
    })
  })

  it('hands changed columns back apart from the patch: they belong to the shown list', () => {
    const draft = { ...draftOf(DEFAULT_SETTINGS), columns: ['symbol', 'price'] as const }
    expect(patchFromDraft({ ...draft, columns: [...draft.columns] }, DEFAULT_SETTINGS)).toEqual({
      ok: true,
      patch: {},
      columns: ['symbol', 'price'],
    })
  })

  it('offers "keep running in the tray" and sends it when changed', () => {
    expect(draftOf(DEFAULT_SETTINGS).closeToTray).toBe(true)
    expect(patchFromDraft({ ...draftOf(DEFAULT_SETTINGS), closeToTray: false }, DEFAULT_SETTINGS)).toEqual({
      ok: true,
      patch: { closeToTray: false },
      columns: null,
    })
  })

  it("shows times in market time until the computer's is chosen, and sends that choice", () => {
    expect(draftOf(DEFAULT_SETTINGS).timeZone).toBe('market')
    expect(patchFromDraft({ ...draftOf(DEFAULT_SETTINGS), timeZone: 'computer' }, DEFAULT_SETTINGS)).toEqual({
      ok: true,
      patch: { timeZone: 'computer' },
      columns: null,
    })
  })

  it("refuses a URL with a space in the user's words, naming no internal field", () => {
    const result = patchFromDraft(
      { ...draftOf(DEFAULT_SETTINGS), baseUrl: 'https://exa mple.com' },
      DEFAULT_SETTINGS,
    )
    expect(result).toEqual({
      ok: false,
      errors: { baseUrl: 'Not a URL (for example https://api.gm.ondo.finance)' },
    })
  })

  it("puts main's refusal under the field it names, in words without the contract's names", () => {
    expect(refusalOf({ message: 'baseUrl: not a URL (for example https://api.gm.ondo.finance)' })).toEqual({
      errors: { baseUrl: 'Not a URL (for example https://api.gm.ondo.finance)' },
      text: null,
    })
    expect(refusalOf({ message: 'cadences.pricesMs: at least 1 s' })).toEqual({
      errors: { pricesSeconds: 'At least 1 s' },
      text: null,
    })
    expect(refusalOf({ message: 'theme: choose dark or light' })).toEqual({
      errors: {},
      text: 'Choose dark or light',
    })
    // The contract's refusal: its field apart, the sentence alone.
    expect(refusalOf({ message: 'not a URL', field: 'baseUrl' })).toEqual({
      errors: { baseUrl: 'Not a URL' },
      text: null,
    })
    expect(refusalOf({ message: 'choose dark or light', field: 'theme' })).toEqual({
      errors: {},
      text: 'Choose dark or light',
    })
    expect(refusalOf({ message: 'the settings file could not be written' })).toEqual({
      errors: {},
      text: 'The settings file could not be written',
    })
  })
})
