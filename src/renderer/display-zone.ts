import { useMemo } from 'react'
import { type DisplayZone, displayZone } from '../shared/display-time'
import { useWatch } from './store/watch-store'

/**
 * The zone the window's times are told in, as Settings chose it ("Show times in"): market time
 * (New York, "ET") by default, or this computer's. The header's session clock stays the market's
 * own clock, labelled ET, whatever the choice: it counts down to the market's sessions.
 */
export function useDisplayZone(): DisplayZone {
  const choice = useWatch((state) => state.settings?.timeZone ?? 'market')
  return useMemo(() => displayZone(choice), [choice])
}
