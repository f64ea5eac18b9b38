import { describe, expect, it } from 'vitest'
import { setThemeVariables } from './actions/setThemeVariables.js'
import { defineCaipNetwork } from './caip.js'
import { createLatch } from './createLatch.js'
import { InvalidOptionsError } from './errors/options.js'
import { validateOptions } from './options.js'
import { createMemoryStorage } from './storage.js'
import { darkTheme, lightTheme, midnightTheme } from './theme.js'

const mainnet = defineCaipNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

function issuesOf(themeVariables: unknown): readonly string[] {
  try {
    validateOptions({ networks: [mainnet], themeVariables })
  } catch (error) {
    if (error instanceof InvalidOptionsError) return error.issues
    throw error
  }
  return []
}

describe('given themeVariables', () => {
  it('when every variable is a value of its kind, then they pass and a corner step becomes its length', () => {
    const { options } = validateOptions({
      networks: [mainnet],
      themeVariables: {
        '--latch-accent': '#ff4f8b',
        '--latch-accent-foreground': 'rgb(20 20 20)',
        '--latch-font-family': '"Inter", sans-serif',
        '--latch-border-radius': 'large',
        '--latch-modal-width': '26rem',
        '--latch-overlay-color': 'rgb(0 0 0 / .6)',
        '--latch-overlay-blur': '4px',
        '--latch-color-mix': '#00bb7f',
        '--latch-color-mix-strength': 20,
        '--latch-z-index': 5000,
      },
    })
    expect(options.themeVariables).toMatchObject({ '--latch-border-radius': '24px', '--latch-z-index': 5000 })
    expect(
      validateOptions({ networks: [mainnet], themeVariables: { '--latch-border-radius': '0.5rem' } }).options
        .themeVariables,
    ).toEqual({ '--latch-border-radius': '0.5rem' })
  })

  it('when a value is of the wrong kind, then each is named with what was expected', () => {
    expect(
      issuesOf({
        '--latch-border-radius': 'huge',
        '--latch-overlay-blur': 'lots',
        '--latch-modal-width': '2000px',
        '--latch-z-index': -1,
        '--latch-color-mix-strength': 140,
        '--latch-accent': 'red;background:url(https://evil.example/x)',
        '--latch-accent-foreground': '',
      }),
    ).toEqual([
      'themeVariables.--latch-accent: Expected a CSS value (at most 200 characters, without ; { } < > \\ or url())',
      'themeVariables.--latch-accent-foreground: Expected a CSS value (at most 200 characters, without ; { } < > \\ or url())',
      "themeVariables.--latch-border-radius: Expected 'none', 'small', 'medium', 'large' or a CSS length such as 12px",
      'themeVariables.--latch-modal-width: Expected a width from 280px to 720px, in px or rem',
      'themeVariables.--latch-overlay-blur: Expected a CSS length such as 0 or 4px',
      'themeVariables.--latch-color-mix-strength: Expected a percentage from 0 to 100',
      'themeVariables.--latch-z-index: Expected a whole number from 0 to 2147483647',
    ])
  })

  it('when a name is not the kit’s, then it is reported rather than ignored', () => {
    expect(issuesOf({ '--w3m-accent': '#fff' }).join()).toMatch(/--w3m-accent/)
  })
})

describe('given a preset', () => {
  it('then it carries the mode and RainbowKit’s options as the kit’s variables, which createLatch accepts', () => {
    const theme = midnightTheme({
      accentColor: '#ff4f8b',
      accentColorForeground: '#111111',
      borderRadius: 'none',
      fontStack: 'rounded',
      overlayBlur: 'small',
    })
    expect(theme.themeMode).toBe('dark')
    expect(theme.themeVariables).toMatchObject({
      '--latch-accent': '#ff4f8b',
      '--latch-accent-foreground': '#111111',
      '--latch-border-radius': 'none',
      '--latch-overlay-blur': '4px',
      '--latch-color-mix': '#000000',
    })
    expect(theme.themeVariables['--latch-font-family']).toMatch(/rounded/)
    expect(validateOptions({ networks: [mainnet], ...theme }).options.themeVariables).toMatchObject({
      '--latch-border-radius': '0px',
    })
    expect(lightTheme()).toEqual({ themeMode: 'light', themeVariables: {} })
    expect(darkTheme({ fontStack: 'Inter, sans-serif' }).themeVariables).toEqual({
      '--latch-font-family': 'Inter, sans-serif',
    })
  })
})

describe('given an instance', () => {
  it('when the app sets theme variables, then they are checked and resolved like the options', () => {
    const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage() })
    setThemeVariables(latch, { '--latch-border-radius': 'small', '--latch-accent': '#123456' })
    expect(latch.store.getState().themeVariables).toEqual({
      '--latch-border-radius': '8px',
      '--latch-accent': '#123456',
    })
    expect(() => setThemeVariables(latch, { '--latch-overlay-blur': 'much' })).toThrow(
      'themeVariables.--latch-overlay-blur: Expected a CSS length such as 0 or 4px',
    )
    expect(latch.store.getState().themeVariables['--latch-border-radius']).toBe('8px')
  })
})
