/**
 * The first frame a page committed, as the benchmarks capture and rebuild it: types only, shared
 * by the bench server and the page bridge, which would otherwise import each other.
 */

/** One node of the first frame as React would build it: text, or an element with its children. */
export type FrameNode = string | { tag: string; attributes: [string, string][]; children: FrameNode[] }

/** What the page had committed when its first priced rows appeared (see page-bridge.ts). */
export interface FirstFrame {
  /** The attributes of the `html` element, as markup (`lang="en" data-theme="dark"`). */
  htmlAttributes: string
  /** The outer HTML of the React root. */
  root: string
  /** The root's children as nodes, for React to build again (react-first-frame.ts). */
  tree: FrameNode[]
}
