/**
 * Renders resources/*.svg to the PNG icons Electron and electron-builder need, with Debian's
 * Chromium. Run by hand after changing an SVG: `npx tsx scripts/render-icons.ts`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium'

const resources = join(__dirname, '..', 'resources')
const targets: Array<{ svg: string; png: string; size: number }> = [
  { svg: 'icon.svg', png: 'icon.png', size: 512 },
  { svg: 'tray.svg', png: 'tray.png', size: 22 },
  { svg: 'tray.svg', png: 'tray@2x.png', size: 44 },
  { svg: 'tray-unread.svg', png: 'tray-unread.png', size: 22 },
  { svg: 'tray-unread.svg', png: 'tray-unread@2x.png', size: 44 },
]

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    for (const { svg, png, size } of targets) {
      await page.setViewportSize({ width: size, height: size })
      const markup = readFileSync(join(resources, svg), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `)
      await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`)
      await page.screenshot({ path: join(resources, png), omitBackground: true })
      console.log(`wrote resources/${png} (${size}x${size})`)
    }
  } finally {
    await browser.close()
  }
}

void main()
