// The app's theme on the frame's own screens (SYNC_THEME). Only the kit's documented variables
// are taken, each only when the browser parses it as a value of its property; anything else is
// ignored. Values go through the CSSOM (never markup), which the frame's CSP allows. The kit sends
// the radius as a length (a corner step such as 'large' is resolved by createLatch), so a step name
// that arrives here is not a border-radius and is dropped.

const variables = {
  '--latch-accent': 'color',
  '--latch-accent-foreground': 'color',
  '--latch-font-family': 'font-family',
  '--latch-border-radius': 'border-radius',
} as const

/** Applies the theme mode and the known theme variables to the frame's document. */
export function applyTheme(
  themeMode: 'light' | 'dark',
  themeVariables: Record<string, string | number>,
  root: HTMLElement = document.documentElement,
): void {
  root.style.colorScheme = themeMode
  root.dataset.theme = themeMode
  for (const [name, property] of Object.entries(variables)) {
    const value = themeVariables[name]
    if (typeof value === 'string' && value.length <= 200 && CSS.supports(property, value))
      root.style.setProperty(name, value)
    else root.style.removeProperty(name)
  }
}
