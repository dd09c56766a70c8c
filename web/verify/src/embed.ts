/**
 * The flow inside another site's frame (web SDK, ADR 0145). The service lists the client's allowed origins in
 * a meta tag (the same list as the page's CSP frame-ancestors); events go to the parent only when its origin is
 * one of them, addressed to that origin so the browser drops them for anyone else. Events carry no personal
 * data: the step's id, "completed", an error's kind. Protocol: packages/web-sdk/src/protocol.ts.
 */
const FLOW_SOURCE = 'kyc-flow';
const HOST_SOURCE = 'kyc-host';
const VERSION = 1;

export type FlowEvent =
  | { type: 'ready' | 'step'; step: string; index: number; total: number }
  | { type: 'completed' }
  | { type: 'error'; reason: 'expired' | 'invalid' | 'submitted' | 'error' }
  | { type: 'resize'; height: number }
  | { type: 'close-request' };

function allowedOrigins(): string[] {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="kyc-embed-origins"]');
  return meta?.content.split(/\s+/).filter(Boolean) ?? [];
}

/** The parent's origin when it is allowed: Chromium and Safari tell it (ancestorOrigins); others pass it in the link. */
function parentOrigin(allowed: string[]): string | null {
  if (window.parent === window || !allowed.length) return null;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const claimed = ancestors?.length ? ancestors[0]! : new URLSearchParams(location.search).get('embed_origin');
  return claimed && allowed.includes(claimed) ? claimed : null;
}

const allowed = allowedOrigins();
const target = parentOrigin(allowed);
let last: Extract<FlowEvent, { step: string }> | undefined;

/** True when the page runs in an allowed frame (the flow then leaves navigation after completion to the parent). */
export const embedded = target !== null;

export function emit(event: FlowEvent) {
  if (event.type === 'ready' || event.type === 'step') last = event;
  if (target) window.parent.postMessage({ source: FLOW_SOURCE, version: VERSION, ...event }, target);
}

if (target) {
  // Room for the SDK's close button over the header's end (styles.css).
  document.documentElement.classList.add('embedded');
  // The SDK's "hello" (sent when the frame loads) is answered with the current step, so a listener that came
  // late still learns where the flow is. Only from the parent, only from an allowed origin.
  window.addEventListener('message', (message) => {
    if (message.source !== window.parent || !allowed.includes(message.origin)) return;
    const data = message.data as { source?: unknown; type?: unknown } | null;
    if (data?.source === HOST_SOURCE && data.type === 'hello' && last) emit({ ...last, type: 'ready' });
  });
  // Escape in the flow asks the SDK to close its modal (the key never reaches the parent page).
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') emit({ type: 'close-request' }); });
  // The frame follows the content's height when mounted in an element.
  let height = 0;
  new ResizeObserver(() => {
    const now = document.documentElement.scrollHeight;
    if (Math.abs(now - height) > 4) emit({ type: 'resize', height: (height = now) });
  }).observe(document.body);
}
