import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * The moderate, serious and critical violations, each with the elements at fault, for a readable
 * failure (only "minor" findings pass).
 * `within` limits the check to some parts of the page (a menu, a dialog): quicker than the whole.
 */
export async function violations(page: Page, ...within: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  for (const selector of within) builder.include(selector)
  const result = await builder.analyze()
  return result.violations
    .filter((violation) => violation.impact !== 'minor')
    .map((violation) => {
      const where = violation.nodes.map((node) => node.target.join(' ')).join(', ')
      return `${violation.id}: ${violation.help} (${where})`
    })
}
