'use client'
import { openModal } from '@latch/core'
import type { ButtonHTMLAttributes } from 'react'
import { type UseLatchParameters, useLatch } from '../hooks/useLatch.js'
import { useLatchState } from '../hooks/useLatchState.js'
import { useNetworkState } from '../hooks/useNetworkState.js'
import { useLocale, useT } from '../i18n/context.js'
import { useBundledLogo } from '../logos/useBundledLogo.js'
import { isImageUrl } from '../modal/views/imageUrl.js'
import { warmUp } from '../modal/warmUp.js'
import { themeAttributes } from '../styles/theme.js'

export type NetworkButtonProps = UseLatchParameters &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children'> & {
    /**
     * The network's icon and name (`'full'`, the default), only its icon (the name stays the
     * button's accessible name), or only its name. An unsupported network always shows its text.
     */
    chainStatus?: 'full' | 'icon' | 'name' | undefined
  }

/** Shows the current network and opens the network list. */
export function NetworkButton({ latch: explicit, chainStatus = 'full', ...rest }: NetworkButtonProps) {
  const latch = useLatch({ latch: explicit })
  const t = useT()
  const { locale, dir } = useLocale()
  const { caipNetwork, unsupported } = useNetworkState(latch)
  const themeMode = useLatchState((s) => s.themeMode, { latch })
  const themeVariables = useLatchState((s) => s.themeVariables, { latch })
  const prefetch = () => warmUp(latch)
  const own = caipNetwork?.assets?.imageUrl
  const bundled = useBundledLogo(own && isImageUrl(own) ? undefined : caipNetwork?.caipNetworkId)
  const icon = own && isImageUrl(own) ? own : bundled
  const name = unsupported ? t('button.network.unsupported') : (caipNetwork?.name ?? t('button.network'))
  // Icon only: the name is still the button's accessible name (when there is an icon to show).
  const iconOnly = chainStatus === 'icon' && !unsupported && Boolean(icon)
  return (
    <button
      {...themeAttributes(themeMode, themeVariables)}
      lang={locale}
      dir={dir}
      data-testid="latch-network-button"
      {...rest}
      type="button"
      className={['latch-button', rest.className].filter(Boolean).join(' ')}
      data-variant="network"
      data-unsupported={unsupported}
      aria-label={iconOnly ? name : rest['aria-label']}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      // With network switching off, the button only shows the network.
      disabled={!latch.options.enableNetworkSwitch && !unsupported}
      onClick={() => openModal(latch, { view: unsupported ? 'UnsupportedChain' : 'Networks' })}
    >
      {!unsupported && icon && chainStatus !== 'name' && (
        <img src={icon} alt="" data-testid="latch-network-icon" />
      )}
      {!iconOnly && <span>{name}</span>}
    </button>
  )
}
