import type { Settings } from '../../shared/settings'
import { WATCHLIST_COLUMNS, type WatchlistColumn } from '../../shared/watchlist-columns'
import { activeList } from '../../shared/watchlists'
import type { SectionProps } from './settings-form'
import { ALL_COLUMNS } from '../watchlist/columns'
import { Choice, Toggle } from '../ui/form-fields'

/** How the app looks and starts: theme, density, time zone, the window's behaviour and the list's columns. */
export function DisplaySection({
  draft,
  change,
  id,
  saved,
}: Omit<SectionProps, 'errors'> & { saved: Settings }) {
  const toggleColumn = (column: WatchlistColumn, shown: boolean) => {
    const next = WATCHLIST_COLUMNS.filter((id) => (id === column ? shown : draft.columns.includes(id)))
    change('columns', next)
  }
  return (
    <section className="settings-section" aria-labelledby={id('display')}>
      <h3 id={id('display')} className="section-title">
        Display
      </h3>
      <div className="field-row">
        <Choice
          legend="Theme"
          name={id('theme')}
          value={draft.theme}
          options={[
            ['dark', 'Dark'],
            ['light', 'Light'],
          ]}
          onChange={(v) => change('theme', v)}
        />
        <Choice
          legend="Density"
          name={id('density')}
          value={draft.density}
          options={[
            ['comfortable', 'Comfortable'],
            ['compact', 'Compact'],
          ]}
          onChange={(v) => change('density', v)}
        />
      </div>
      <Choice
        legend="Show times in"
        name={id('time-zone')}
        value={draft.timeZone}
        options={[
          ['market', 'Market time (New York)'],
          ['computer', "This computer's time"],
        ]}
        onChange={(v) => change('timeZone', v)}
      />
      <div className="field-row">
        <Toggle
          label="Ticker only (the scrolling strip alone)"
          checked={draft.tickerOnly}
          onChange={(v) => change('tickerOnly', v)}
        />
        <Toggle
          label="Start at login"
          checked={draft.startAtLogin}
          onChange={(v) => change('startAtLogin', v)}
        />
        <Toggle
          label="Keep running in the tray when the window is closed"
          checked={draft.closeToTray}
          onChange={(v) => change('closeToTray', v)}
        />
      </div>
      <fieldset className="columns-choice">
        <legend>Columns of {activeList(saved).name}</legend>
        {ALL_COLUMNS.map((column) => (
          <label key={column.id} className="choice-option">
            <input
              type="checkbox"
              checked={column.id === 'symbol' || draft.columns.includes(column.id)}
              disabled={column.id === 'symbol'}
              onChange={(event) => toggleColumn(column.id, event.target.checked)}
            />
            {column.title}
          </label>
        ))}
      </fieldset>
    </section>
  )
}
