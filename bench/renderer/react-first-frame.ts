import { createElement, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import type { FrameNode } from './first-frame-types'

/**
 * The page script of the "first frame by React" floor (bench-server.ts): React renders the DOM the
 * app had committed for its first frame, read from a JSON copy in the page, with none of the
 * app's code or data. It is what React itself costs to build that frame: the app cannot paint it
 * sooner, whatever its own code does. Bundled for production, as the app is.
 */

/** Attributes whose empty value means "on", which React wants as `true`. */
const BOOLEAN_ATTRIBUTES = new Set(['disabled', 'hidden', 'checked', 'readonly', 'multiple', 'selected'])

/** `"height: 36px; --grid-columns: 1fr"` as the object React's `style` takes. */
function styleObject(text: string): Record<string, string> {
  const style: Record<string, string> = {}
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const name = declaration.slice(0, colon).trim()
    const value = declaration.slice(colon + 1).trim()
    // React takes custom properties as they are and the others in camel case.
    style[
      name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
    ] = value
  }
  return style
}

function toReact(node: FrameNode, key: number): ReactNode {
  if (typeof node === 'string') return node
  const props: Record<string, unknown> = { key }
  for (const [name, value] of node.attributes) {
    if (name === 'style') props.style = styleObject(value)
    else if (BOOLEAN_ATTRIBUTES.has(name) && value === '') props[name] = true
    // Unknown to React by these names, so set as the attributes they are (production build).
    else props[name] = value
  }
  return createElement(node.tag, props, ...node.children.map(toReact))
}

const source = document.getElementById('first-frame-tree')
const root = document.getElementById('root')
if (!source?.textContent || !root) throw new Error('the page has no first frame to render')
const tree = JSON.parse(source.textContent) as FrameNode[]
createRoot(root).render(tree.map(toReact))
