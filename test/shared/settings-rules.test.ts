import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, checkBaseUrl, isLoopbackHost, settingsSchema } from '../../src/shared/settings'

/**
 * The settings rules that guard the key and the lists, each with the exact outcome a user sees:
 * where a key may be sent (checkBaseUrl, isLoopbackHost) and which list sets are consistent.
 */

const refused = (input: string) => {
  const checked = checkBaseUrl(input)
  return checked.ok ? null : checked.reason
}

describe('checkBaseUrl', () => {
  it('keeps an origin and a path prefix, without trailing slashes', () => {
    expect(checkBaseUrl('https://api.example.com')).toEqual({ ok: true, url: 'https://api.example.com' })
    expect(checkBaseUrl('https://api.example.com/')).toEqual({ ok: true, url: 'https://api.example.com' })
    expect(checkBaseUrl('https://api.example.com/v1///')).toEqual({
      ok: true,
      url: 'https://api.example.com/v1',
    })
    // Only the end is trimmed: inner slashes are the service's path.
    expect(checkBaseUrl('https://api.example.com/a//b/')).toEqual({
      ok: true,
      url: 'https://api.example.com/a//b',
    })
  })

  it('names why it refuses each kind of address', () => {
    expect(refused('api.example.com')).toBe('not a URL (for example https://api.gm.ondo.finance)')
    expect(refused('ftp://api.example.com')).toBe('only https:// URLs are allowed')
    expect(refused('https://user@api.example.com')).toBe('a base URL must not carry a user name or password')
    expect(refused('https://:secret@api.example.com')).toBe(
      'a base URL must not carry a user name or password',
    )
    expect(refused('https://api.example.com/?key=1')).toBe('a base URL has no query or fragment')
    expect(refused('https://api.example.com/#top')).toBe('a base URL has no query or fragment')
    expect(refused('http://api.example.com')).toBe(
      'plain http:// is allowed only to this computer (127.0.0.1, localhost); use https://',
    )
  })

  it('allows plain http to this computer only', () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://localhost:3000',
      'http://[::1]:9000',
      'http://127.10.200.3',
    ])
      expect(checkBaseUrl(url).ok, url).toBe(true)
    for (const url of [
      'http://127.0.0.1.example.com',
      'http://10.0.0.1',
      'http://[::2]',
      'http://localhost.example.com',
    ])
      expect(refused(url), url).not.toBeNull()
  })
})

describe('isLoopbackHost', () => {
  it('takes the whole host, brackets and all, not a part of it', () => {
    expect(isLoopbackHost('[::1]')).toBe(true)
    expect(isLoopbackHost('::1')).toBe(true)
    expect(isLoopbackHost('127.0.0.1')).toBe(true)
    expect(isLoopbackHost('127.255.10.1')).toBe(true)
    expect(isLoopbackHost('x127.0.0.1')).toBe(false)
    expect(isLoopbackHost('127.0.0.1x')).toBe(false)
    expect(isLoopbackHost('127.0.0')).toBe(false)
    expect(isLoopbackHost('127.0.0.1000')).toBe(false)
    // Only a bracket at each end is taken off: one inside stays, and the host is not ::1.
    expect(isLoopbackHost(':[:1]')).toBe(false)
    expect(isLoopbackHost('[::1]]')).toBe(false)
  })
})

describe('settingsSchema', () => {
  const list = (id: string, name: string) => ({ id, name, symbols: [], columns: [], sort: null })
  const issuesOf = (settings: unknown) => {
    const parsed = settingsSchema.safeParse(settings)
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  }

  it('accepts the defaults', () => {
    expect(issuesOf(DEFAULT_SETTINGS)).toEqual([])
  })

  it('refuses two lists with one id, or one name in any case, or an active list that is not there', () => {
    const base = { ...DEFAULT_SETTINGS, activeListId: 'l1' }
    expect(issuesOf({ ...base, lists: [list('l1', 'Tech'), list('l1', 'Banks')] })).toEqual([
      'lists: two watchlists share an id',
    ])
    expect(issuesOf({ ...base, lists: [list('l1', 'Tech'), list('l2', 'TECH')] })).toEqual([
      'lists: two watchlists share a name',
    ])
    expect(issuesOf({ ...base, activeListId: 'l9', lists: [list('l1', 'Tech')] })).toEqual([
      'activeListId: the active watchlist is not among the lists',
    ])
    expect(issuesOf({ ...base, lists: [list('l1', 'Tech'), list('l2', 'Banks')] })).toEqual([])
  })

  it('compares names in lower case, as the list commands do, so spellings that differ stay apart', () => {
    // Upper case would fold "ß" into "SS" and make these one name; lower case keeps them two,
    // which is what renaming and finding a list (watchlists.ts, settings-file.ts) also see.
    const base = { ...DEFAULT_SETTINGS, activeListId: 'l1' }
    expect(issuesOf({ ...base, lists: [list('l1', 'Straße'), list('l2', 'Strasse')] })).toEqual([])
  })
})
