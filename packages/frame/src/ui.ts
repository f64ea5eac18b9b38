/** Builds an element with text only: nothing is ever parsed as HTML (Trusted Types forbid it). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value)
  for (const child of children) node.append(child)
  return node
}

export const root = () => document.getElementById('app') as HTMLElement

/** A message on the frame's own page (e.g. why it does not run). */
export function showNotice(title: string, text: string): void {
  root().replaceChildren(el('main', { class: 'card' }, [el('h1', {}, [title]), el('p', {}, [text])]))
}

let idleScreen: (() => void) | undefined

/** What {@link clearScreen} shows: nothing in the frame; the wallet window's own notice there. */
export function setIdleScreen(show: () => void): void {
  idleScreen = show
}

export function showIdle(): void {
  if (idleScreen) idleScreen()
  else root().replaceChildren()
}

export function clearScreen(): void {
  showIdle()
}
