import { s } from './schema/s.js'
import type { ThemeRadius, ThemeVariables } from './types.js'

/** The corner scale's steps as lengths; the modal's controls take three quarters of it. */
export const THEME_RADII: Record<ThemeRadius, string> = {
  none: '0px',
  small: '8px',
  medium: '16px',
  large: '24px',
}

const LENGTH = /^(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|rem|em))$/

/**
 * Free CSS text (colours, font lists) set as a custom property through the CSSOM: short, and with
 * nothing that could end the declaration or fetch a resource.
 */
const cssValue = s.custom<string>(
  (value) =>
    typeof value === 'string' &&
    value.trim().length > 0 &&
    value.length <= 200 &&
    !/[;{}<>\\]|url\(|image-set\(|@import/i.test(value),
  'Expected a CSS value (at most 200 characters, without ; { } < > \\ or url())',
)

const length = (message: string) =>
  s.custom<string>((value) => typeof value === 'string' && LENGTH.test(value), message)

/** A width in px or rem (16px) from 280px to 720px. */
function isModalWidth(value: unknown): boolean {
  if (typeof value !== 'string' || !LENGTH.test(value)) return false
  const px = Number.parseFloat(value) * (value.endsWith('px') ? 1 : 16)
  return px >= 280 && px <= 720
}

/** `themeVariables` of `createLatch`: the kit's names only, each value checked for its kind. */
export const themeVariablesSchema = s
  .object({
    '--latch-accent': cssValue.optional(),
    '--latch-accent-foreground': cssValue.optional(),
    '--latch-font-family': cssValue.optional(),
    '--latch-border-radius': s
      .custom<string>(
        (value) => typeof value === 'string' && (value in THEME_RADII || LENGTH.test(value)),
        "Expected 'none', 'small', 'medium', 'large' or a CSS length such as 12px",
      )
      .optional(),
    '--latch-modal-width': s
      .custom<string>(isModalWidth, 'Expected a width from 280px to 720px, in px or rem')
      .optional(),
    '--latch-overlay-color': cssValue.optional(),
    '--latch-overlay-blur': length('Expected a CSS length such as 0 or 4px').optional(),
    '--latch-color-mix': cssValue.optional(),
    '--latch-color-mix-strength': s
      .number()
      .refine((n) => n >= 0 && n <= 100, 'Expected a percentage from 0 to 100')
      .optional(),
    '--latch-z-index': s
      .custom<number | string>(
        (value) =>
          (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2147483647) ||
          (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) <= 2147483647),
        'Expected a whole number from 0 to 2147483647',
      )
      .optional(),
  })
  .strict()

/**
 * The theme variables as the kit applies them: a corner step becomes its length, so the modal,
 * the buttons and the embedded wallet's frame all read plain CSS values.
 *
 * @example
 * resolveThemeVariables({ '--latch-border-radius': 'large' }) // { '--latch-border-radius': '24px' }
 */
export function resolveThemeVariables(variables: ThemeVariables): ThemeVariables {
  const radius = variables['--latch-border-radius']
  if (radius === undefined || !(radius in THEME_RADII)) return variables
  return { ...variables, '--latch-border-radius': THEME_RADII[radius as ThemeRadius] }
}

/** Options of the theme presets, by RainbowKit's names. */
export interface ThemeOptions {
  /** Primary buttons, focus rings, spinners (any CSS colour). */
  accentColor?: string
  /** Text on the accent colour. */
  accentColorForeground?: string
  /** The corner scale. Default `medium`. */
  borderRadius?: ThemeRadius
  /** `system` (the platform's UI font, the default) or `rounded`; any other text is a font-family list. */
  fontStack?: 'system' | 'rounded' | (string & {})
  /**
   * The blur of the page behind the modal. Default `none` (no backdrop filter). A blur refilters the
   * page behind on every frame the modal draws: costly where the browser composites in software.
   */
  overlayBlur?: 'none' | 'small' | 'large'
}

/** What a preset returns: spread it into `createLatch` (or pass it to RainbowKitProvider's `theme`). */
export interface ThemePreset {
  themeMode: 'light' | 'dark'
  themeVariables: ThemeVariables
}

const FONT_STACKS = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  rounded: 'ui-rounded,"SF Pro Rounded","Nunito",system-ui,sans-serif',
}

const BLURS = { none: '0', small: '4px', large: '20px' }

function preset(themeMode: 'light' | 'dark', options: ThemeOptions, extra: ThemeVariables = {}): ThemePreset {
  const themeVariables: ThemeVariables = { ...extra }
  if (options.accentColor !== undefined) themeVariables['--latch-accent'] = options.accentColor
  if (options.accentColorForeground !== undefined)
    themeVariables['--latch-accent-foreground'] = options.accentColorForeground
  if (options.borderRadius !== undefined) themeVariables['--latch-border-radius'] = options.borderRadius
  if (options.fontStack !== undefined)
    themeVariables['--latch-font-family'] =
      options.fontStack === 'system' || options.fontStack === 'rounded'
        ? FONT_STACKS[options.fontStack as 'system' | 'rounded']
        : options.fontStack
  if (options.overlayBlur !== undefined) themeVariables['--latch-overlay-blur'] = BLURS[options.overlayBlur]
  return { themeMode, themeVariables }
}

/**
 * The light theme, with RainbowKit's options. `createLatch` validates the result like any
 * `themeVariables`.
 *
 * @example
 * createLatch({ ...lightTheme({ accentColor: '#7b3fe4', borderRadius: 'small' }), networks })
 */
export const lightTheme = (options: ThemeOptions = {}): ThemePreset => preset('light', options)

/**
 * The dark theme, with RainbowKit's options.
 *
 * @example
 * createLatch({ ...darkTheme({ accentColor: '#7b3fe4', overlayBlur: 'small' }), networks })
 */
export const darkTheme = (options: ThemeOptions = {}): ThemePreset => preset('dark', options)

/**
 * The dark theme on near-black surfaces with a deeper overlay, with RainbowKit's options.
 *
 * @example
 * createLatch({ ...midnightTheme({ accentColor: '#ff4f8b' }), networks })
 */
export const midnightTheme = (options: ThemeOptions = {}): ThemePreset =>
  preset('dark', options, {
    '--latch-color-mix': '#000000',
    '--latch-color-mix-strength': 60,
    '--latch-overlay-color': 'rgb(0 0 0 / .7)',
  })
