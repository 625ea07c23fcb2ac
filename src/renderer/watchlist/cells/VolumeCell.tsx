import { memo } from 'react'
import { formatCompact, formatRatio } from '../../format'

/** Volume, short, and against its average ("45.2M 0.90×"); re-rendered only when either changes. */
export const VolumeCell = memo(function VolumeCell(props: {
  volume: string | null
  averageVolume: string | null
}) {
  return (
    <span className="num">
      {formatCompact(props.volume)}
      <span className="muted small"> {formatRatio(props.volume, props.averageVolume)}</span>
    </span>
  )
})
