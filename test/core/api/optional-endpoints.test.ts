import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/main/core/api/api-errors'
import {
  OptionalEndpoints,
  isAboutTheAsset,
  meansEndpointMissing,
} from '../../../src/main/core/api/optional-endpoints'

/** An endpoint beyond the spec: which 404s say it is missing, and what is remembered of them. */

const notFound = (code: string | null, status = 404) =>
  new ApiError({ kind: 'not-found', message: 'not found', status, code })

describe('which errors are about the asset, which about the endpoint', () => {
  it('the asset codes are about the asset, whatever the status; no code or another is not', () => {
    for (const code of ['ASSET_NOT_FOUND', 'INVALID_SYMBOL', 'MISSING_SYMBOL']) {
      expect(isAboutTheAsset(notFound(code))).toBe(true)
      expect(isAboutTheAsset(notFound(code, 400))).toBe(true)
      expect(meansEndpointMissing(notFound(code))).toBe(false)
    }
    expect(isAboutTheAsset(notFound(null))).toBe(false)
    expect(isAboutTheAsset(notFound('NOT_FOUND'))).toBe(false)
    expect(isAboutTheAsset(Object.assign(new Error('x'), { code: 'ASSET_NOT_FOUND' }))).toBe(false)
  })

  it('a 404 without a code, or with a code not about the asset, says the endpoint is missing', () => {
    expect(meansEndpointMissing(notFound(null))).toBe(true)
    expect(meansEndpointMissing(notFound('NOT_FOUND'))).toBe(true)
    expect(meansEndpointMissing(notFound(null, 400))).toBe(false)
    expect(meansEndpointMissing(notFound(null, 410))).toBe(false)
    expect(meansEndpointMissing(Object.assign(new Error('x'), { status: 404, code: null }))).toBe(false)
  })
})

describe('OptionalEndpoints', () => {
  it('answers with the value while the endpoint answers', async () => {
    const endpoints = new OptionalEndpoints()
    expect(await endpoints.ask('dividends', () => Promise.resolve(7))).toEqual({ available: true, value: 7 })
    expect(endpoints.isMissing('dividends')).toBe(false)
    expect(endpoints.missingOnes()).toEqual([])
  })

  it('remembers an endpoint found missing and never asks it again; the others still are', async () => {
    const endpoints = new OptionalEndpoints()
    let asked = 0
    const missing = () => {
      asked++
      return Promise.reject(notFound(null))
    }
    expect(await endpoints.ask('candles', missing)).toEqual({ available: false })
    expect(await endpoints.ask('candles', missing)).toEqual({ available: false })
    expect(asked).toBe(1)
    expect(endpoints.isMissing('candles')).toBe(true)
    expect(endpoints.isMissing('dividends')).toBe(false)
    expect(await endpoints.ask('dividends', () => Promise.resolve('d'))).toEqual({
      available: true,
      value: 'd',
    })
    expect(endpoints.missingOnes()).toEqual(['candles'])
  })

  it('throws any other failure as it is, and remembers nothing of it', async () => {
    const endpoints = new OptionalEndpoints()
    const aboutTheAsset = notFound('ASSET_NOT_FOUND')
    await expect(endpoints.ask('dividends', () => Promise.reject(aboutTheAsset))).rejects.toBe(aboutTheAsset)
    const server = new ApiError({ kind: 'server', message: 'boom', status: 500 })
    await expect(endpoints.ask('dividends', () => Promise.reject(server))).rejects.toBe(server)
    expect(endpoints.isMissing('dividends')).toBe(false)
    expect(endpoints.missingOnes()).toEqual([])
  })
})
