/** Styles of the modal (loaded with the modal's lazy chunk). Timings from spec §2. */
export const modalCss = `
@layer latch{
[data-latch].latch-portal{position:fixed;inset:0;z-index:var(--latch-z-index);display:flex;align-items:center;justify-content:center;background:var(--latch-overlay,rgb(0 0 0 / .45));padding:16px}
[data-latch].latch-portal[data-overlay-blur]{-webkit-backdrop-filter:blur(var(--latch-overlay-blur));backdrop-filter:blur(var(--latch-overlay-blur))}
[data-latch] .latch-dialog{position:relative;width:var(--latch-modal-width,360px);max-width:100%;max-height:calc(100vh - 32px);display:flex;flex-direction:column;background:var(--latch-bg);color:var(--latch-fg);border:1px solid var(--latch-border);border-radius:var(--latch-border-radius);box-shadow:0 20px 60px rgb(0 0 0 / .25);overflow:hidden;animation:latch-in 150ms ease-out}
[data-latch].latch-portal{animation:latch-backdrop-in 150ms ease-out}
[data-latch].latch-portal[data-state="closed"]{animation:latch-backdrop-out 150ms ease-in forwards;pointer-events:none}
[data-latch].latch-portal[data-state="closed"] .latch-dialog{animation:latch-out 150ms ease-in forwards}
[data-latch].latch-portal[data-state="parked"],[data-latch].latch-portal[data-state="parked"] .latch-dialog{visibility:hidden;animation:none;pointer-events:none}
@keyframes latch-in{from{opacity:.35;transform:translateY(12px) scale(.98)}}
@keyframes latch-out{to{opacity:0;transform:translateY(12px) scale(.98)}}
@keyframes latch-backdrop-in{from{background:rgb(0 0 0 / 0)}}
@keyframes latch-backdrop-out{to{background:rgb(0 0 0 / 0)}}
[data-latch] .latch-sizer{flex:0 1 auto;min-height:0;overflow:hidden auto;transition:height 150ms ease}[data-latch] .latch-sizer[data-frame]{overflow:hidden}
[data-latch] .latch-handle{display:none}
[data-latch] .latch-dialog[data-shake="true"]{animation:latch-shake 500ms cubic-bezier(.36,.07,.19,.97)}
@keyframes latch-shake{10%,90%{transform:translateX(-2px)}20%,80%{transform:translateX(4px)}30%,50%,70%{transform:translateX(-6px)}40%,60%{transform:translateX(6px)}}
[data-latch] .latch-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;padding:12px 12px 4px}
[data-latch] .latch-title{margin:0;text-align:center;font-size:16px;font-weight:600;animation:latch-fade 120ms ease}
[data-latch] .latch-icon-button{width:36px;height:36px;display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:50%;background:transparent;color:var(--latch-fg);cursor:pointer;font-size:20px;line-height:1}
@media (hover:hover){[data-latch] .latch-icon-button:hover{background:var(--latch-bg-2)}[data-latch] .latch-item:hover{background:var(--latch-bg-3)}}
[data-latch] .latch-body{padding:8px 16px 16px;overflow:auto;animation:latch-fade 150ms ease}
[data-latch] .latch-covered{display:none}
[data-latch] .latch-frame-slot{display:block;width:100%;height:min(560px,calc(100vh - 160px));border-end-start-radius:var(--latch-border-radius);border-end-end-radius:var(--latch-border-radius)}
@keyframes latch-fade{from{opacity:.35}to{opacity:1}}
[data-latch] .latch-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
[data-latch] .latch-item{width:100%;display:flex;align-items:center;gap:12px;min-height:48px;padding:8px 12px;border:0;border-radius:calc(var(--latch-border-radius) * .75);background:var(--latch-bg-2);color:var(--latch-fg);font:500 15px/1.2 var(--latch-font-family);text-align:start;cursor:pointer}
[data-latch] .latch-item[aria-current="true"]{outline:2px solid var(--latch-accent)}
[data-latch] .latch-item img,[data-latch] .latch-avatar{width:32px;height:32px;border-radius:8px;flex:none}
[data-latch] .latch-group{list-style:none;margin:8px 4px 2px;font-size:12px;font-weight:600;color:var(--latch-fg-2);text-transform:none}
[data-latch] .latch-item .latch-tag{margin-inline-start:auto;font-size:12px;color:var(--latch-fg-2);border:1px solid var(--latch-border);border-radius:999px;padding:2px 8px}
[data-latch] .latch-muted{color:var(--latch-fg-2);font-size:14px;text-align:center;margin:8px 0}
[data-latch] .latch-tabs{display:flex;gap:4px;width:100%;padding:4px;border-radius:999px;background:var(--latch-bg-2)}
[data-latch] .latch-tab{flex:1;min-height:36px;border:0;border-radius:999px;background:transparent;color:var(--latch-fg-2);font:500 14px/1 var(--latch-font-family);cursor:pointer}
[data-latch] .latch-tab[aria-selected="true"]{background:var(--latch-bg);color:var(--latch-fg)}
[data-latch] .latch-tab-panel{width:100%;block-size:160px;overflow-y:auto;overscroll-behavior:contain}
[data-latch] .latch-tabs.latch-tabs-skeleton{block-size:44px;min-height:0;padding:0}
[data-latch] .latch-token{display:flex;align-items:center;gap:12px;min-height:48px;padding:8px 12px}
[data-latch] .latch-token-name{display:flex;flex-direction:column;gap:2px;min-width:0}
[data-latch] .latch-token-amount{margin-inline-start:auto;font-variant-numeric:tabular-nums;white-space:nowrap;display:flex;flex-direction:column;align-items:flex-end}
[data-latch] .latch-error{color:var(--latch-error);font-size:14px;text-align:center;margin:8px 0;font-weight:600}
[data-latch] .latch-center{display:flex;flex-direction:column;align-items:center;gap:8px;padding:16px 0}
[data-latch] .latch-wallet-icon{width:72px;height:72px;border-radius:18px}
[data-latch] .latch-spinner{width:28px;height:28px;border-radius:50%;border:3px solid var(--latch-bg-3);border-top-color:var(--latch-accent);animation:latch-spin 800ms linear infinite}
@keyframes latch-spin{to{transform:rotate(360deg)}}
[data-latch] .latch-primary{min-height:40px;padding:0 16px;border:0;border-radius:calc(var(--latch-border-radius) * .75);background:var(--latch-accent);color:var(--latch-accent-text);font:600 15px/1 var(--latch-font-family);cursor:pointer}
[data-latch] .latch-secondary{min-height:40px;padding:0 16px;border:1px solid var(--latch-border);border-radius:calc(var(--latch-border-radius) * .75);background:transparent;color:var(--latch-fg);font:600 15px/1 var(--latch-font-family);cursor:pointer}
[data-latch] .latch-address{font-size:20px;font-weight:700;margin:4px 0 0;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-latch] .latch-balance{font-size:15px;color:var(--latch-fg-2);margin:0}
[data-latch] .latch-actions{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}
[data-latch] .latch-alert{margin:4px 16px 0;padding:8px 12px;border-radius:calc(var(--latch-border-radius) * .5);border:1px solid var(--latch-error);color:var(--latch-error);font-size:14px;font-weight:600}
[data-latch] .latch-alert p{margin:0}
[data-latch] .latch-link-button{display:inline-flex;align-items:center;text-decoration:none}
[data-latch] .latch-link{color:var(--latch-fg);text-decoration:underline}
[data-latch] .latch-skeleton{min-height:48px;background:linear-gradient(90deg,var(--latch-bg-2),var(--latch-bg-3),var(--latch-bg-2));background-size:200% 100%;animation:latch-shimmer 1.2s linear infinite}
@keyframes latch-shimmer{to{background-position:-200% 0}}
[data-latch] .latch-scroll{max-height:min(420px,60vh);overflow:auto;padding:2px}
[data-latch] .latch-namespace-row{cursor:default}[data-latch] .latch-namespace-text{display:flex;flex-direction:column;gap:2px;min-width:0}[data-latch] .latch-muted-small{font-size:13px;color:var(--latch-fg-2)}
@media (min-width:481px){[data-latch] .latch-wallet-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(96px,1fr));gap:8px}[data-latch] .latch-wallet-grid .latch-item{flex-direction:column;justify-content:center;gap:6px;min-height:92px;padding:10px 4px;text-align:center;font-size:12px}[data-latch] .latch-wallet-grid .latch-item>span{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}[data-latch] .latch-wallet-grid .latch-item img,[data-latch] .latch-wallet-grid .latch-avatar{width:44px;height:44px;border-radius:12px}[data-latch] .latch-wallet-grid .latch-item .latch-tag{margin:0;padding:0 6px;font-size:10px}[data-latch] .latch-wallet-grid>[data-testid="wallet-list-end"]{grid-column:1/-1}[data-latch] .latch-wallet-grid .latch-skeleton{min-height:92px}}
[data-latch] .latch-qr{width:224px;height:224px;display:block}
[data-latch] .latch-qr-frame{position:relative;padding:8px;border-radius:16px;background:#fff;border:1px solid var(--latch-border)}
[data-latch] .latch-qr-frame .latch-qr-logo{position:absolute;inset-block-start:50%;inset-inline-start:50%;width:44px;height:44px;transform:translate(-50%,-50%);border-radius:10px;background:#fff;box-shadow:0 0 0 4px #fff}
[dir="rtl"][data-latch] .latch-qr-frame .latch-qr-logo,[dir="rtl"] [data-latch] .latch-qr-frame .latch-qr-logo{transform:translate(50%,-50%)}
[data-latch] .latch-link-button{gap:8px}
[data-latch] .latch-text-button{border:0;background:transparent;color:var(--latch-fg-2);font:500 14px var(--latch-font-family);text-decoration:underline;cursor:pointer;padding:8px}
[data-latch] .latch-address-row{display:flex;align-items:center;gap:4px}
[data-latch] .latch-address-row .latch-icon-button{width:32px;height:32px}
[data-latch] .latch-connected-with{display:flex;align-items:center;gap:8px;margin:0;font-size:14px;color:var(--latch-fg-2)}
[data-latch] .latch-small-icon{width:20px;height:20px;border-radius:6px;font-size:9px!important}
[data-latch] .latch-full{width:100%;margin-block-start:8px}
[data-latch] a.latch-item{text-decoration:none}
[data-latch] .latch-end{margin-inline-start:auto;display:inline-flex;color:var(--latch-fg-2)}
[data-latch] .latch-destructive{color:var(--latch-error)}
[data-latch] .latch-guide-link{margin-block-end:0}
[data-latch] .latch-guide-link .latch-text-button{padding:8px 4px;color:var(--latch-fg)}
[data-latch] .latch-guide{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:16px}
[data-latch] .latch-guide li{display:flex;gap:12px;align-items:flex-start}
[data-latch] .latch-guide-icon{flex:none;display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:12px;background:var(--latch-bg-2);color:var(--latch-fg)}
[data-latch] .latch-guide h3{margin:0 0 4px;font-size:15px;font-weight:600}
[data-latch] .latch-guide p{margin:0;font-size:14px;line-height:1.4;color:var(--latch-fg-2)}
[data-latch] .latch-mosaic{display:inline-grid;grid-template-columns:1fr 1fr;gap:2px;padding:3px;background:var(--latch-bg-3)}
[data-latch] .latch-item .latch-mosaic-tile,[data-latch] .latch-mosaic-tile{width:12px;height:12px;border-radius:3px;background:var(--latch-bg);font-size:0!important}
[data-latch] .latch-toast{position:absolute;inset-inline:16px;inset-block-start:12px;margin-inline:auto;inline-size:max-content;max-inline-size:calc(100% - 32px);padding:8px 14px;border-radius:999px;background:var(--latch-fg);color:var(--latch-bg);font:600 14px var(--latch-font-family);opacity:0;transform:translateY(-8px);transition:opacity 150ms,transform 150ms;pointer-events:none}
[data-latch] .latch-toast[data-shown="true"]{opacity:1;transform:none}
[data-latch].latch-toast-layer{position:fixed;inset-inline:0;inset-block-end:24px;z-index:1000000;pointer-events:none}[data-latch].latch-toast-layer .latch-toast{position:static}
[dir="rtl"] [data-latch] .latch-chevron,[dir="rtl"][data-latch] .latch-chevron{transform:scaleX(-1)}
[data-latch] .latch-search{width:100%;min-height:40px;padding:0 12px;margin-bottom:12px;border:1px solid var(--latch-border);border-radius:calc(var(--latch-border-radius) * .75);background:var(--latch-bg);color:var(--latch-fg);font:15px var(--latch-font-family)}
[data-latch] .latch-email{margin-bottom:12px}[data-latch] .latch-social{width:100%}[data-latch] .latch-social+.latch-social,[data-latch] .latch-social+.latch-social-rest,[data-latch] .latch-social-rest>.latch-social+.latch-social{margin-top:8px}[data-latch] .latch-social.latch-skeleton{min-height:40px;border-color:transparent}[data-latch] .latch-email-row{display:flex;gap:8px}[data-latch] .latch-email-row .latch-search{margin-bottom:0;flex:1}[data-latch] .latch-otp{text-align:center;letter-spacing:.4em;font-size:20px;font-variant-numeric:tabular-nums}
[data-latch] .latch-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){[data-latch].latch-portal{align-items:flex-end;padding:0}[data-latch] .latch-dialog{width:100%;max-height:calc(100dvh - 24px);border-end-start-radius:0;border-end-end-radius:0;border-block-end:0;padding-block-end:env(safe-area-inset-bottom);animation-name:latch-sheet-in}[data-latch] .latch-frame-slot{height:min(640px,calc(100dvh - 96px));border-radius:0}[data-latch].latch-portal[data-state="closed"] .latch-dialog{animation-name:latch-sheet-out}[data-latch] .latch-handle{display:block;align-self:center;inline-size:100%;block-size:20px;padding-block-start:8px;touch-action:none;cursor:grab}[data-latch] .latch-handle::before{content:"";display:block;margin-inline:auto;inline-size:36px;block-size:4px;border-radius:2px;background:var(--latch-border)}}
[data-latch] .latch-account-actions{display:flex;gap:8px;width:100%}
[data-latch] .latch-account-actions .latch-secondary,[data-latch] .latch-receive-copy{flex:1;display:inline-flex;align-items:center;justify-content:center;gap:6px}
[data-latch] .latch-send{display:flex;flex-direction:column;gap:6px;width:100%;padding:8px 0}
[data-latch] .latch-send label{font-size:14px;font-weight:600}
[data-latch] .latch-send .latch-search{margin-bottom:4px}
[data-latch] .latch-send .latch-email-row .latch-primary{flex:1}
[data-latch] .latch-send-skeleton{width:100%;min-height:280px;border-radius:calc(var(--latch-border-radius) * .75)}
[data-latch] .latch-send-summary{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 8px}
[data-latch] .latch-send-summary dt{color:var(--latch-fg-2)}
[data-latch] .latch-send-summary dd{margin:0;text-align:end;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
[data-latch] .latch-send code{overflow-wrap:anywhere;font-size:12px}
[data-latch] .latch-break{overflow-wrap:anywhere}
[data-latch] .latch-account-avatar{border-radius:50%;object-fit:cover;flex:none;background:var(--latch-bg-3)}
[data-latch] .latch-success{color:var(--latch-success);font-size:16px;text-align:center;margin:8px 0;font-weight:600}
[data-latch] .latch-receive-address{margin:0;font:13px/1.4 ui-monospace,monospace;text-align:center;overflow-wrap:anywhere;max-width:100%}
@keyframes latch-sheet-in{from{transform:translateY(100%)}}
@keyframes latch-sheet-out{to{transform:translateY(100%)}}
@media (prefers-reduced-motion: reduce){[data-latch] *{animation:none!important;transition:none!important}}
}
`
