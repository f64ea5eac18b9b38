'use client'
import { useEffect, useState } from 'react'

type LogosModule = typeof import('./bundled.js')
let loaded: LogosModule | undefined

/**
 * The bundled logo of an id (see `bundledLogo`), loaded with import() after the first render so
 * the logos never weigh on first load. Undefined until then, or when there is none.
 */
export function useBundledLogo(id: string | undefined): string | undefined {
  const [module, setModule] = useState<LogosModule | undefined>(loaded)
  useEffect(() => {
    if (!id || module) return
    let live = true
    import('./bundled.js').then(
      (m) => {
        loaded = m
        if (live) setModule(m)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [id, module])
  return id && module ? module.bundledLogo(id) : undefined
}
