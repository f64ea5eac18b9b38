// Locale rules shared by the modal's catalogs (@latch/react) and the frame's (@latch/frame).

const rtl = new Set(['ar', 'he', 'fa'])

/** The writing direction of a locale: right-to-left for Arabic, Hebrew and Persian. */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  return rtl.has(locale.split('-')[0] ?? locale) ? 'rtl' : 'ltr'
}

// Chinese scripts by region when the tag names no script.
const traditional = /^zh-(TW|HK|MO|Hant)/i

/**
 * The supported locale for a list of requested tags (e.g. `navigator.languages`): the first
 * exact match, else the first whose language matches (`pt-PT` → `pt-BR`, `zh-HK` → `zh-TW`);
 * undefined when none does.
 */
export function matchLocale<L extends string>(
  requested: readonly string[],
  supported: readonly L[],
): L | undefined {
  for (const tag of requested) {
    const exact = supported.find((l) => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const language = tag.split('-')[0]?.toLowerCase()
    if (language === 'zh') {
      const chinese = (traditional.test(tag) ? 'zh-TW' : 'zh-CN') as L
      if (supported.includes(chinese)) return chinese
    }
    const near = supported.find((l) => l.split('-')[0]?.toLowerCase() === language)
    if (near) return near
  }
  return undefined
}
