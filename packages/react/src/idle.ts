/**
 * Runs `run` once the browser is idle; returns the cancel. Where requestIdleCallback is missing
 * (Safari), a short timeout stands in.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run)
    return () => cancelIdleCallback(id)
  }
  const timer = setTimeout(run, 200)
  return () => clearTimeout(timer)
}
