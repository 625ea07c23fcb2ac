import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { Dec } from '../../src/shared/decimal'
import type * as FormatModule from '../../src/renderer/format'

type Format = typeof FormatModule

/**
 * The formatters use the user's locale (Intl's default), so the tests pin it: Intl's default is
 * swapped for `pinnedLocale` for this whole file. The format module builds its formatters on first
 * use and keeps them, so each locale gets a module of its own (the query in the path makes it one).
 */
let pinnedLocale = 'en-US'
const { NumberFormat, DateTimeFormat } = Intl
vi.stubGlobal(
  'Intl',
  Object.create(Intl, {
    NumberFormat: {
      value: class extends NumberFormat {
        constructor(locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) {
          super(locales ?? pinnedLocale, options)
        }
      },
    },
    DateTimeFormat: {
      value: class extends DateTimeFormat {
        constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
          super(locales ?? pinnedLocale, options)
        }
      },
    },
  }),
)

/** Runs `check` with the format module as a person with `locale` has it. */
async function inLocale(locale: string, check: (format: Format) => void): Promise<void> {
  pinnedLocale = locale
  try {
    const path = `../../src/renderer/format?locale=${locale}`
    check((await import(/* @vite-ignore */ path)) as Format)
  } finally {
    pinnedLocale = 'en-US'
  }
}

// The expectations below are written for en-US (grouping, decimal mark); the locale is pinned.
const {
  formatAge,
  formatCompact,
  formatExact,
  formatInteger,
  formatMoney,
  formatPercent,
  formatPrice,
  formatRatio,
  formatShort,
  formatSignedMoney,
  formatSignedPrice,
  hundredth,
  MISSING,
  signOf,
} = await import('../../src/renderer/format')

describe('format (en-US)', () => {
  it('formats prices from their strings, exactly, with digits by magnitude', () => {
    expect(formatPrice('229.8468')).toBe('229.8468')
    expect(formatPrice('229.8')).toBe('229.80')
    expect(formatPrice('1234.5678')).toBe('1,234.57')
    expect(formatPrice('0.000123456')).toBe('0.0001235')
    // Beyond a double's 15-17 significant digits: only a string path keeps every digit.
    expect(formatPrice('123456789012345678.12')).toBe('123,456,789,012,345,678.12')
    expect(formatPrice(null)).toBe(MISSING)
    expect(formatPrice('not a number')).toBe(MISSING)
  })

  it('shows the significant digits of tiny prices, up to 18 decimals, never 0.00', () => {
    expect(formatPrice('0.0000001')).toBe('0.0000001')
    expect(formatPrice('0.000000123456789')).toBe('0.0000001235')
    expect(formatPrice('0.000000000000000001')).toBe('0.000000000000000001')
    expect(formatPrice('-0.000000000000000042')).toBe('-0.000000000000000042')
    expect(formatPrice('0.5123456')).toBe('0.512346')
    expect(formatPrice('0.1')).toBe('0.10')
    expect(formatPrice('0')).toBe('0.00')
    expect(formatPrice('-0.0000')).toBe('0.00')
  })

  it('never loses the sign of a change, however small', () => {
    expect(formatSignedPrice('-0.00000003')).toBe('-0.00000003')
    expect(formatSignedPrice('0.000000000000000001')).toBe('+0.000000000000000001')
    expect(formatSignedPrice('-123456789.5')).toBe('-123,456,789.50')
    expect(formatSignedPrice('-0.0000')).toBe('0.00')
    // Too small for two places: its own digits, signed ("0.00%" would say it did not move, and
    // "-0.00%" that it moved by up to half a hundredth).
    expect(formatPercent('-0.0001')).toBe('-0.0001%')
    expect(formatPercent('0.0001')).toBe('+0.0001%')
    expect(formatPercent('-0.0012345')).toBe('-0.0012%')
    expect(formatPercent('-0.004')).toBe('-0.004%')
    expect(formatPercent('-0.001', 3)).toBe('-0.001%')
    expect(formatPercent('-0.00001', 3)).toBe('-0.00001%')
    expect(formatPercent('-12345.678')).toBe('-12,345.68%')
  })

  it('never rounds a move short of ±100 % to it (a token gone to zero)', () => {
    expect(formatPercent('-99.9999')).toBe('-99.9999%')
    expect(formatPercent('-99.999951')).toBe('-99.99995%')
    expect(formatPercent('99.996')).toBe('+99.996%')
    expect(formatPercent('100.004')).toBe('+100.004%')
    // Exactly 100, and ordinary moves, keep their two places.
    expect(formatPercent('-100')).toBe('-100.00%')
    expect(formatPercent('-99.5')).toBe('-99.50%')
    expect(formatPercent('-99.994')).toBe('-99.99%')
    // Written with leading zeros, the same.
    expect(formatPercent('0099.996')).toBe('+99.996%')
  })

  it('shows no move short of ±100 % as ±100.00 %, at any distance from it', () => {
    // Whole parts 98 to 101, any fraction: the check on the text must send every value that could
    // round to ±100 % on to the exact one.
    const percent = fc
      .tuple(fc.boolean(), fc.integer({ min: 98, max: 101 }), fc.stringMatching(/^\d{1,8}$/))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}.${fraction}`)
    fc.assert(
      fc.property(percent, (text) => {
        const shown = formatPercent(text)
        const isHundred = new Dec(text).abs().eq(100)
        expect(/^[-+]100\.00%$/.test(shown)).toBe(isHundred)
      }),
    )
  })

  it('shows money in cents, half to even, keeping the sign of a loss under a cent', () => {
    // The figures of issue 44, item 8: dollars beside dollars, all in cents.
    expect(formatSignedMoney('-37.1006')).toBe('-37.10')
    expect(formatSignedMoney('-1.8927')).toBe('-1.89')
    expect(formatSignedMoney('502.4331')).toBe('+502.43')
    expect(formatSignedMoney('70.8831')).toBe('+70.88')
    expect(formatSignedMoney('-0.00065')).toBe('-0.00')
    expect(formatSignedMoney('0')).toBe('0.00')
    expect(formatSignedMoney('0.125')).toBe('+0.12')
    expect(formatSignedMoney('0.135')).toBe('+0.14')
    expect(formatMoney('70.9331')).toBe('70.93')
    expect(formatMoney('1232.77')).toBe('1,232.77')
    expect(formatMoney('747.646666666666666667')).toBe('747.65')
    expect(formatMoney(null)).toBe(MISSING)
    // Narrow cells: cents below a thousand, the short form above; never more digits than in full.
    expect(formatShort('-0.00065', 'signedMoney')).toBe('-0.00')
    expect(formatShort('485.123333', 'signedMoney')).toBe('+485.12')
    expect(formatShort('70.9331', 'money')).toBe('70.93')
    expect(formatShort('123456.789', 'money')).toBe('123K')
    expect(formatShort('-45678.9', 'signedMoney')).toBe('-45.7K')
  })

  it('abbreviates for narrow cells and keeps the sign', () => {
    expect(formatShort('1234567.891', 'price')).toBe('1.23M')
    expect(formatShort('-98765432.1', 'signed')).toBe('-98.8M')
    expect(formatShort('45678.9', 'signed')).toBe('+45.7K')
    expect(formatShort('-12345.678', 'percent')).toBe('-12.3K%')
    expect(formatShort('-2.93', 'percent')).toBe('-2.93%')
    expect(formatShort('123456789012345678901234', 'price')).toBe('1.23E23')
    expect(formatShort('0.000000123456', 'price')).toBe('0.0₆123')
    expect(formatShort('-0.000000000000000001', 'signed')).toBe('-0.0₁₇1')
    expect(formatShort('0.000000000000000001', 'percent')).toBe('+0.0₁₇1%')
    expect(formatShort('-0.0001', 'percent')).toBe('-0.0001%')
    expect(formatShort('-0.00001', 'percent')).toBe('-0.0₄1%')
    expect(formatShort('-0.001', 'percent')).toBe('-0.001%')
    expect(formatShort('0.00000001', 'signed')).toBe('+0.0₇1')
    expect(formatShort('123.4567', 'price')).toBe('123.5')
    expect(formatShort('0', 'signed')).toBe('0')
    expect(formatShort(null, 'price')).toBe(MISSING)
  })

  it('signs changes and percents, and shows zero unsigned', () => {
    expect(formatSignedPrice('1.25')).toBe('+1.25')
    expect(formatSignedPrice('-0.050307')).toBe('-0.0503')
    expect(formatSignedPrice('0')).toBe('0.00')
    expect(formatPercent('2.48')).toBe('+2.48%')
    expect(formatPercent('-0.375')).toBe('-0.38%')
    expect(formatPercent('0.0000')).toBe('0.00%')
    expect(formatPercent('-0.21734', 3)).toBe('-0.217%')
  })

  it('keeps large numbers short, or every digit when asked', () => {
    expect(formatCompact('3490000000000')).toBe('3.49T')
    expect(formatCompact('52100000')).toBe('52.1M')
    expect(formatCompact('812345')).toBe('812K')
    expect(formatExact('1.001084338309087472')).toBe('1.001084338309087472')
    expect(formatExact('4258089000000')).toBe('4,258,089,000,000')
    expect(formatInteger(123456)).toBe('123,456')
    expect(formatInteger(null)).toBe(MISSING)
  })

  it('divides exactly for ratios and refuses a zero divisor', () => {
    expect(formatRatio('45200000', '50000000')).toBe('0.90×')
    expect(formatRatio('1', '3')).toBe('0.33×')
    expect(formatRatio('1', '0')).toBe(MISSING)
  })
})

/**
 * A number as a locale wrote it, back in plain digits: its own digits to 0-9, its decimal mark to
 * '.', its minus to '-', its percent sign to '%', group separators, spaces and direction marks
 * dropped.
 */
function plainDigits(text: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale).formatToParts(-12345.6)
  const symbol = (type: string) => parts.find((part) => part.type === type)?.value ?? ''
  const digits = new Intl.NumberFormat(locale, { useGrouping: false }).format(1234567890)
  const percentSign = new Intl.NumberFormat(locale, { style: 'percent' })
    .formatToParts(0.5)
    .find((part) => part.type === 'percentSign')?.value
  let plain = ''
  for (const char of text.replace(/[\u200e\u200f\u061c]/g, '')) {
    const digit = digits.indexOf(char)
    if (digit >= 0) plain += '1234567890'[digit]
    else if (char === symbol('decimal')) plain += '.'
    else if (char === symbol('minusSign') || char === '-') plain += '-'
    else if (char === percentSign) plain += '%'
    else if (char === symbol('group') || /\s/.test(char)) continue
    else plain += char
  }
  return plain
}

describe.each(['en-US', 'de-DE', 'fr-FR', 'de-CH', 'hi-IN', 'ar-EG', 'ja-JP'])('format (%s)', (locale) => {
  it('keeps every digit and the sign of a price, whatever the locale writes them with', () =>
    inLocale(locale, (format) => {
      const plain = (text: string) => plainDigits(text, locale)
      expect(plain(format.formatPrice('123456789012345678.12'))).toBe('123456789012345678.12')
      expect(plain(format.formatPrice('0.000000000000000001'))).toBe('0.000000000000000001')
      expect(plain(format.formatSignedPrice('-0.00000003'))).toBe('-0.00000003')
      expect(plain(format.formatSignedPrice('0.000000000000000001'))).toBe('+0.000000000000000001')
      expect(plain(format.formatExact('-98765.432109876543210987'))).toBe('-98765.432109876543210987')
      expect(plain(format.formatPercent('-0.0001'))).toBe('-0.0001%')
    }))
})

describe('format (any locale)', () => {
  it('tells the sign of a decimal string', () => {
    expect(signOf('2.5')).toBe(1)
    expect(signOf('-0.01')).toBe(-1)
    expect(signOf('-0.000')).toBe(0)
    expect(signOf('0')).toBe(0)
    expect(signOf(null)).toBe(0)
  })

  it('says an age in its largest unit and never below zero', () => {
    expect(formatAge(42_500)).toBe('42s')
    expect(formatAge(12 * 60_000)).toBe('12m')
    expect(formatAge(3 * 3_600_000)).toBe('3h')
    expect(formatAge(72 * 3_600_000)).toBe('3d')
    expect(formatAge(-5_000)).toBe('0s')
  })
})

describe('hundredth (percent points to a fraction, for the percent style)', () => {
  it('divides any decimal string by 100 exactly, as decimal arithmetic does', () => {
    const decimalText = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,40}$/), fc.option(fc.stringMatching(/^\d{1,40}$/)))
      .map(
        ([negative, integer, fraction]) =>
          `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`,
      )
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(new Dec(hundredth(text)).eq(new Dec(text).dividedBy(100))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps the sign and leading zeros where the point moved past the digits', () => {
    expect(hundredth('2.48')).toBe('0.0248')
    expect(hundredth('-1234.5')).toBe('-12.345')
    expect(hundredth('5')).toBe('0.05')
    expect(hundredth('0')).toBe('0.00')
  })
})
