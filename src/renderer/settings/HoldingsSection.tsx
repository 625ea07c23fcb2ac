import type { SectionProps } from './settings-form'
import { usePortfolio } from '../holdings/portfolio-store'
import { Choice } from '../ui/form-fields'

/** How the positions are counted: the cost of what was sold, and where the quantities come from. */
export function HoldingsSection({ draft, change, id }: Omit<SectionProps, 'errors'>) {
  return (
    <section className="settings-section" aria-labelledby={id('holdings')}>
      <h3 id={id('holdings')} className="section-title">
        Holdings
      </h3>
      <Choice
        legend="Cost of the tokens sold"
        name={id('cost-method')}
        value={draft.costMethod}
        options={[
          ['average', 'Average cost (a sale leaves the average as it was)'],
          ['fifo', 'First in, first out (the oldest buys are sold first)'],
        ]}
        onChange={(v) => change('costMethod', v)}
      />
      <Choice
        legend="Quantities of the positions"
        name={id('quantity-source')}
        value={draft.quantitySource}
        help={<QuantitySourceHelp />}
        options={[
          ['ledger', 'Ledger (your trades)'],
          ['wallets', 'Wallets (no cost basis)'],
          ['wallets-ledger-cost', 'Wallets, cost from ledger'],
        ]}
        onChange={(v) => change('quantitySource', v)}
      />
    </section>
  )
}

/** One line of help; where the wallets cannot give quantities now, why, and that the ledger stands in. */
function QuantitySourceHelp() {
  const unavailable = usePortfolio((state) => state.walletsUnavailable)
  return unavailable ? (
    <span className="warning">
      {unavailable}: the Wallets choices use the ledger's quantities until the wallets can be read.
    </span>
  ) : (
    'Where quantities come from; said beside the figures.'
  )
}
