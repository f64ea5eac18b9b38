/** Styles of the modal (loaded with the modal's lazy chunk). Timings from spec §2. */
export const modalCss = `
[data-latch].latch-portal{position:fixed;inset:0;z-index:var(--latch-z-index);display:flex;align-items:center;justify-content:center;background:rgb(0 0 0 / .45);padding:16px}
[data-latch] .latch-dialog{width:360px;max-width:100%;max-height:calc(100vh - 32px);display:flex;flex-direction:column;background:var(--latch-bg);color:var(--latch-fg);border:1px solid var(--latch-border);border-radius:var(--latch-border-radius);box-shadow:0 20px 60px rgb(0 0 0 / .25);overflow:hidden;transition:height 150ms ease}
[data-latch] .latch-dialog[data-shake="true"]{animation:latch-shake 500ms cubic-bezier(.36,.07,.19,.97)}
@keyframes latch-shake{10%,90%{transform:translateX(-2px)}20%,80%{transform:translateX(4px)}30%,50%,70%{transform:translateX(-6px)}40%,60%{transform:translateX(6px)}}
[data-latch] .latch-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;padding:12px 12px 4px}
[data-latch] .latch-title{margin:0;text-align:center;font-size:16px;font-weight:600;animation:latch-fade 120ms ease}
[data-latch] .latch-icon-button{width:36px;height:36px;display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:50%;background:transparent;color:var(--latch-fg);cursor:pointer;font-size:20px;line-height:1}
[data-latch] .latch-icon-button:hover{background:var(--latch-bg-2)}
[data-latch] .latch-body{padding:8px 16px 16px;overflow:auto;animation:latch-fade 150ms ease}
@keyframes latch-fade{from{opacity:.35}to{opacity:1}}
[data-latch] .latch-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
[data-latch] .latch-item{width:100%;display:flex;align-items:center;gap:12px;min-height:48px;padding:8px 12px;border:0;border-radius:calc(var(--latch-border-radius) * .75);background:var(--latch-bg-2);color:var(--latch-fg);font:500 15px/1.2 var(--latch-font-family);text-align:left;cursor:pointer}
[data-latch] .latch-item:hover{background:var(--latch-bg-3)}
[data-latch] .latch-item[aria-current="true"]{outline:2px solid var(--latch-accent)}
[data-latch] .latch-item img,[data-latch] .latch-avatar{width:32px;height:32px;border-radius:8px;flex:none}
[data-latch] .latch-item .latch-tag{margin-left:auto;font-size:12px;color:var(--latch-fg-2);border:1px solid var(--latch-border);border-radius:999px;padding:2px 8px}
[data-latch] .latch-muted{color:var(--latch-fg-2);font-size:14px;text-align:center;margin:8px 0}
[data-latch] .latch-error{color:var(--latch-error);font-size:14px;text-align:center;margin:8px 0;font-weight:600}
[data-latch] .latch-center{display:flex;flex-direction:column;align-items:center;gap:8px;padding:16px 0}
[data-latch] .latch-wallet-icon{width:72px;height:72px;border-radius:18px}
[data-latch] .latch-spinner{width:28px;height:28px;border-radius:50%;border:3px solid var(--latch-bg-3);border-top-color:var(--latch-accent);animation:latch-spin 800ms linear infinite}
@keyframes latch-spin{to{transform:rotate(360deg)}}
[data-latch] .latch-primary{min-height:40px;padding:0 16px;border:0;border-radius:calc(var(--latch-border-radius) * .75);background:var(--latch-accent);color:var(--latch-accent-text);font:600 15px/1 var(--latch-font-family);cursor:pointer}
[data-latch] .latch-secondary{min-height:40px;padding:0 16px;border:1px solid var(--latch-border);border-radius:calc(var(--latch-border-radius) * .75);background:transparent;color:var(--latch-fg);font:600 15px/1 var(--latch-font-family);cursor:pointer}
[data-latch] .latch-address{font-size:20px;font-weight:700;margin:4px 0 0}
[data-latch] .latch-balance{font-size:15px;color:var(--latch-fg-2);margin:0}
[data-latch] .latch-actions{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}
[data-latch] .latch-alert{margin:4px 16px 0;padding:8px 12px;border-radius:calc(var(--latch-border-radius) * .5);border:1px solid var(--latch-error);color:var(--latch-error);font-size:14px;font-weight:600}
[data-latch] .latch-alert p{margin:0}
[data-latch] .latch-link-button{display:inline-flex;align-items:center;text-decoration:none}
[data-latch] .latch-link{color:var(--latch-fg);text-decoration:underline}
[data-latch] .latch-skeleton{min-height:48px;background:linear-gradient(90deg,var(--latch-bg-2),var(--latch-bg-3),var(--latch-bg-2));background-size:200% 100%;animation:latch-shimmer 1.2s linear infinite}
@keyframes latch-shimmer{to{background-position:-200% 0}}
[data-latch] .latch-scroll{max-height:min(420px,60vh);overflow:auto;padding:2px}
[data-latch] .latch-qr{width:240px;height:240px;border-radius:12px;display:block}
[data-latch] .latch-wc-uri{margin:0;font-size:12px;text-overflow:ellipsis}
[data-latch] .latch-search{width:100%;min-height:40px;padding:0 12px;margin-bottom:12px;border:1px solid var(--latch-border);border-radius:calc(var(--latch-border-radius) * .75);background:var(--latch-bg);color:var(--latch-fg);font:15px var(--latch-font-family)}
[data-latch] .latch-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion: reduce){[data-latch] *{animation:none!important;transition:none!important}}
`
