/**
 * Renders resources/*.svg to the icons Electron and electron-builder need, with Debian's Chromium.
 * Run by hand after changing an SVG (`npx tsx scripts/render-icons.ts`) and commit what it writes.
 * - tray.png / tray-unread.png (+ @2x): Linux; a dark badge with a light rim, legible on light and dark
 *   panels.
 * - trayTemplate.png / tray-unreadTemplate.png (+ @2x): macOS template images (black and alpha only;
 *   the "Template" suffix tells Electron to let the menu bar colour them).
 * - tray.ico / tray-unread.ico: Windows, several sizes in one file for the display scales.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumExecutable } from '../test/support/chromium'

const resources = join(__dirname, '..', 'resources')
const pngTargets: Array<{ svg: string; png: string; size: number }> = [
  { svg: 'icon.svg', png: 'icon.png', size: 512 },
  { svg: 'tray.svg', png: 'tray.png', size: 22 },
  { svg: 'tray.svg', png: 'tray@2x.png', size: 44 },
  { svg: 'tray-unread.svg', png: 'tray-unread.png', size: 22 },
  { svg: 'tray-unread.svg', png: 'tray-unread@2x.png', size: 44 },
  { svg: 'trayTemplate.svg', png: 'trayTemplate.png', size: 16 },
  { svg: 'trayTemplate.svg', png: 'trayTemplate@2x.png', size: 32 },
  { svg: 'tray-unreadTemplate.svg', png: 'tray-unreadTemplate.png', size: 16 },
  { svg: 'tray-unreadTemplate.svg', png: 'tray-unreadTemplate@2x.png', size: 32 },
]
/** Windows' notification area at 100 % to 300 % scale. */
const ICO_SIZES = [16, 20, 24, 32, 48]
const icoTargets = [
  { svg: 'tray.svg', ico: 'tray.ico' },
  { svg: 'tray-unread.svg', ico: 'tray-unread.ico' },
]

async function renderPng(page: Page, svg: string, size: number): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size })
  const markup = readFileSync(join(resources, svg), 'utf8').replace(
    '<svg ',
    `<svg width="${size}" height="${size}" `,
  )
  await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`)
  return page.screenshot({ omitBackground: true })
}

/** An ICO file holding PNG images (Windows Vista and later read PNG entries). */
export function icoFromPngs(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // 1 = icon
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0) // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1) // height
    entry.writeUInt8(0, 2) // no palette
    entry.writeUInt8(0, 3) // reserved
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)])
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    for (const { svg, png, size } of pngTargets) {
      writeFileSync(join(resources, png), await renderPng(page, svg, size))
      console.log(`wrote resources/${png} (${size}x${size})`)
    }
    for (const { svg, ico } of icoTargets) {
      const images = []
      for (const size of ICO_SIZES) images.push({ size, png: await renderPng(page, svg, size) })
      writeFileSync(join(resources, ico), icoFromPngs(images))
      console.log(`wrote resources/${ico} (${ICO_SIZES.join(', ')} px)`)
    }
  } finally {
    await browser.close()
  }
}

if (require.main === module) void main()
