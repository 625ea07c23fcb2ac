import { lazy, useState, type ComponentType } from 'react'

/**
 * A component from a chunk loaded on demand, with `preload` to load it ahead of use. Once the chunk
 * is in, the component renders at once; before, it is React.lazy's. React.lazy alone suspends on
 * its first render even when the chunk has long been loaded (its promise settles a microtask
 * later), and React then holds the Suspense boundary's content back for its fallback throttle
 * (300 ms): a dialog's first opening waited about a third of a second for nothing.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null
  const preload = () =>
    load().then((component) => {
      loaded = component
      return component
    })
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  function Preloadable(props: Props) {
    // Chosen once per mount: a lazy instance that became loaded meanwhile keeps its element.
    const [Component] = useState(() => loaded ?? Lazy)
    return <Component {...props} />
  }
  return { Component: Preloadable, preload }
}
