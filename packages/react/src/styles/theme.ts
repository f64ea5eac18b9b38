import type { ThemeMode, ThemeVariables } from '@latch/core'

/** The surfaces of each mode, which `--latch-color-mix` tints. */
const SURFACES: Record<ThemeMode, Record<'--latch-bg' | '--latch-bg-2' | '--latch-bg-3', string>> = {
  light: { '--latch-bg': '#ffffff', '--latch-bg-2': '#f3f4f6', '--latch-bg-3': '#e5e7eb' },
  dark: { '--latch-bg': '#18181b', '--latch-bg-2': '#232326', '--latch-bg-3': '#303034' },
}

/**
 * The variables every Latch element reads, per mode. Apps override a few via themeVariables.
 *
 * Isolation from the host page (see docs/decisions.md): every rule of the kit lives in the
 * `latch` cascade layer, which first reverts each element to the browser's defaults (SVG and
 * images keep their attribute sizes); the last, unlayered rule then rolls back whatever the
 * page's own unlayered rules set on a kit element (`revert-layer`), at a weight (two ids) no
 * element or class selector reaches. The root also pins the inherited text properties, so page
 * rules on `body` do not flow in.
 */
export const baseCss = `
@layer latch{
:where([data-latch],[data-latch] :not(svg,svg *,img)){all:revert}
[data-latch]{--latch-accent:#3451c8;--latch-accent-text:#fff;--latch-font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--latch-border-radius:16px;--latch-z-index:999;
--latch-bg:${SURFACES.light['--latch-bg']};--latch-bg-2:${SURFACES.light['--latch-bg-2']};--latch-bg-3:${SURFACES.light['--latch-bg-3']};--latch-fg:#141414;--latch-fg-2:#525252;--latch-border:#d4d4d8;--latch-error:#b42318;--latch-success:#067647;--latch-focus:#1d4ed8;
font:400 16px/normal var(--latch-font-family);color:var(--latch-fg);box-sizing:border-box;letter-spacing:normal;text-transform:none;text-indent:0;text-align:start;white-space:normal}
[data-latch][data-theme="dark"]{--latch-accent:#6b8cff;--latch-accent-text:#0b0b0c;--latch-bg:${SURFACES.dark['--latch-bg']};--latch-bg-2:${SURFACES.dark['--latch-bg-2']};--latch-bg-3:${SURFACES.dark['--latch-bg-3']};--latch-fg:#f1f1f3;--latch-fg-2:#b4b4bb;--latch-border:#3f3f46;--latch-error:#ff8a80;--latch-success:#6ee7a8;--latch-focus:#9db4ff}
[data-latch] *,[data-latch] *::before,[data-latch] *::after{box-sizing:border-box}
[data-latch] :focus-visible{outline:2px solid var(--latch-focus);outline-offset:2px}
}
:is([data-latch],[data-latch] *):not(#\\#):not(#\\#){all:revert-layer}
`

export const buttonCss = `
@layer latch{
button[data-latch].latch-button{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:0 16px;border:1px solid transparent;border-radius:calc(var(--latch-border-radius) * .75);background:var(--latch-accent);color:var(--latch-accent-text);font:600 15px/1 var(--latch-font-family);cursor:pointer}
button[data-latch].latch-button[data-variant="account"],button[data-latch].latch-button[data-variant="network"]{background:var(--latch-bg-2);color:var(--latch-fg);border-color:var(--latch-border)}
button[data-latch].latch-button[data-variant="network"][data-unsupported="true"]{color:var(--latch-error)}
button[data-latch].latch-button:disabled{opacity:.6;cursor:progress}
button[data-latch].latch-button img{width:20px;height:20px;border-radius:50%}
}
`

/** Option names whose value is the kit's CSS variable of another name. */
const RENAMED: Partial<Record<keyof ThemeVariables, string>> = {
  '--latch-accent-foreground': '--latch-accent-text',
  '--latch-overlay-color': '--latch-overlay',
}

/**
 * Theme variables from options (validated and resolved by createLatch), as inline custom
 * properties. Only known keys pass; the colour mix becomes the mode's tinted surfaces.
 */
function themeStyle(mode: ThemeMode, variables: ThemeVariables): Record<string, string> {
  const style: Record<string, string> = {}
  for (const name of [
    '--latch-accent',
    '--latch-accent-foreground',
    '--latch-font-family',
    '--latch-border-radius',
    '--latch-modal-width',
    '--latch-overlay-color',
    '--latch-overlay-blur',
    '--latch-z-index',
  ] as const) {
    const value = variables[name]
    if (value !== undefined && value !== '') style[RENAMED[name] ?? name] = String(value)
  }
  const mix = variables['--latch-color-mix']
  if (mix) {
    const strength = variables['--latch-color-mix-strength'] ?? 10
    for (const [name, base] of Object.entries(SURFACES[mode]))
      style[name] = `color-mix(in srgb,${mix} ${strength}%,${base})`
  }
  return style
}

/**
 * Whether the page behind the modal is blurred: only then does the overlay get a backdrop filter.
 * A backdrop filter of any radius, `blur(0)` too, makes the compositor read back and filter the
 * whole page on every frame the modal draws (a caret's blink, a countdown, a spinner): about 80 ms
 * of CPU per frame where the browser composites in software (docs/decisions.md).
 */
export function overlayBlurred(variables: ThemeVariables): boolean {
  const blur = variables['--latch-overlay-blur']
  return blur !== undefined && Number.parseFloat(String(blur)) > 0
}

export function themeAttributes(mode: ThemeMode, variables: ThemeVariables) {
  return { 'data-latch': '', 'data-theme': mode, style: themeStyle(mode, variables) }
}
