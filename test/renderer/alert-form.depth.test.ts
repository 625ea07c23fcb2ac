import { describe, expect, it } from 'vitest'
import {
  draftOfAlert,
  inputFromDraft,
  newAlertDraft,
  type AlertDraft,
} from '../../src/renderer/alerts/alert-form'
import { describeCondition } from '../../src/shared/alert-text'
import { alertSchema } from '../../src/shared/alerts'

/** The alert editor's depth kinds: what the form sends, and the message beside a field at fault. */

const draft = (changes: Partial<AlertDraft>): AlertDraft => ({ ...newAlertDraft('AAPLon'), ...changes })

describe('the alert form’s depth alerts', () => {
  it('sends a spread in bp and a liquidity size as typed, the levels as a count', () => {
    expect(inputFromDraft(draft({ kind: 'spread-bp', thresholdBp: ' 25.5 ' }))).toMatchObject({
      ok: true,
      input: { condition: { kind: 'spread-bp', thresholdBp: '25.5' } },
    })
    expect(
      inputFromDraft(
        draft({ kind: 'depth-below', side: 'asks', levels: '3', size: '1250.40', unit: 'dollars' }),
      ),
    ).toMatchObject({
      ok: true,
      input: {
        condition: { kind: 'depth-below', side: 'asks', levels: 3, size: '1250.40', unit: 'dollars' },
      },
    })
  })

  it.each([
    ['-5', 'The spread must be more than 0'],
    ['0', 'The spread must be more than 0'],
    ['wide', 'The spread must be a number such as 25'],
    ['', 'The spread is required'],
  ])('a spread of "%s" gets its message beside the field: %s', (thresholdBp, message) => {
    expect(inputFromDraft(draft({ kind: 'spread-bp', thresholdBp }))).toEqual({
      ok: false,
      errors: { thresholdBp: message },
    })
  })

  it('an empty size and bad levels get their messages beside their fields, and nothing is sent', () => {
    expect(inputFromDraft(draft({ kind: 'depth-below', size: '', levels: 'five' }))).toEqual({
      ok: false,
      errors: { size: 'The size is required', levels: 'The levels must be a whole number' },
    })
    expect(inputFromDraft(draft({ kind: 'depth-below', size: '3,5', levels: '0' }))).toEqual({
      ok: false,
      errors: { size: 'The size must be a number such as 3.5', levels: 'At least 1 level' },
    })
  })

  it('an edited depth alert fills the form back, and the list says the rule in words', () => {
    const alert = alertSchema.parse({
      id: 'a1',
      createdAt: 0,
      symbol: 'AAPLon',
      condition: { kind: 'depth-below', side: 'bids', levels: 1, size: '3.5', unit: 'tokens' },
    })
    expect(draftOfAlert(alert)).toMatchObject({ kind: 'depth-below', side: 'bids', levels: '1', size: '3.5' })
    expect(describeCondition(alert.condition)).toBe('depth under 3.5 tokens on the best bid level')
    expect(
      describeCondition({ kind: 'depth-below', side: 'asks', levels: 5, size: '1250.40', unit: 'dollars' }),
    ).toBe('depth under $1250.40 on the best 5 ask levels')
    expect(describeCondition({ kind: 'spread-bp', thresholdBp: '25' })).toBe(
      'depth spread wider than 25 bp of the mid',
    )
  })
})
