/**
 * The time zone every time on screen is told in. The header speaks the market's clock (US
 * Eastern, the service's session hours), so the status bar and the chart speak it too, whatever
 * zone this computer is in: in London, Friday's post-market is still "Fri 16:00", never "Sat".
 * Times carry the zone's short name where they could be read as the computer's own.
 */
export const DISPLAY_TIME_ZONE = 'America/New_York'
export const DISPLAY_ZONE_NAME = 'ET'
