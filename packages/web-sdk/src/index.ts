import { FLOW_SOURCE, HOST_SOURCE, isFlowMessage, PROTOCOL_VERSION, type FlowEvent, type HostMessage } from './protocol.ts';

export type { FlowEvent } from './protocol.ts';
export { FLOW_SOURCE, HOST_SOURCE, PROTOCOL_VERSION } from './protocol.ts';

export type FlowEventType = FlowEvent['type'];
type Handler<T extends FlowEventType> = (event: Extract<FlowEvent, { type: T }>) => void;

export interface FlowOptions {
  /**
   * The flow's link (`onboarding_url`), created by your back end with its API credentials (endpoint 5 or 6).
   * Never put the credentials in the page: the link is all the browser needs.
   */
  url: string;
  /** Every event, in order. */
  onEvent?: (event: FlowEvent) => void;
  onReady?: Handler<'ready'>;
  onStep?: Handler<'step'>;
  onComplete?: Handler<'completed'>;
  onError?: Handler<'error'>;
  onClose?: Handler<'closed'>;
  /** The frame's accessible name (default "Identity verification"). */
  title?: string;
  /** Language of the flow (en, cy, es); default: the browser's. */
  language?: string;
  /** Modal only: close it by itself a moment after completion (default true). */
  closeOnComplete?: boolean;
}

export interface FlowHandle {
  /** The frame the flow runs in. */
  readonly iframe: HTMLIFrameElement;
  /** Removes the frame (and the modal); a modal emits `closed`. */
  close(): void;
  /** Adds a listener; returns its removal. */
  on<T extends FlowEventType>(type: T, handler: Handler<T>): () => void;
}

/** The flow's own origin: the only one whose messages are believed, and the only target of ours. */
function flowOrigin(url: string): string {
  const parsed = new URL(url, location.href);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(parsed.hostname))) {
    throw new Error('The flow link must be an https URL');
  }
  if (!/\/verify\/[^/]+\/?$/.test(parsed.pathname)) throw new Error('Not a verification link (…/verify/{token})');
  return parsed.origin;
}

function frameSrc(url: string, language: string | undefined): string {
  const src = new URL(url, location.href);
  // The flow checks this against the client's allowed origins before posting to it (and the browser checks
  // frame-ancestors before showing it at all).
  src.searchParams.set('embed_origin', location.origin);
  if (language) src.searchParams.set('lang', language);
  return src.toString();
}

function start(options: FlowOptions, iframe: HTMLIFrameElement, onFlowEvent: (event: FlowEvent) => void) {
  const origin = flowOrigin(options.url);
  const listeners = new Map<FlowEventType, Set<(event: FlowEvent) => void>>();
  const dispatch = (event: FlowEvent) => {
    onFlowEvent(event);
    // Handled by the SDK (a modal closes); not one of the caller's events.
    if (event.type === 'close-request') return;
    options.onEvent?.(event);
    const named = { ready: options.onReady, step: options.onStep, completed: options.onComplete, error: options.onError, closed: options.onClose }[event.type as Exclude<FlowEventType, 'resize' | 'close-request'>];
    (named as ((e: FlowEvent) => void) | undefined)?.(event);
    for (const handler of listeners.get(event.type) ?? []) handler(event);
  };
  const onMessage = (message: MessageEvent) => {
    // Only the flow in our own frame, from the flow's origin: any other window or origin is ignored.
    if (message.origin !== origin || message.source !== iframe.contentWindow || !isFlowMessage(message.data)) return;
    const { source: _s, version: _v, ...event } = message.data;
    dispatch(event as FlowEvent);
  };
  window.addEventListener('message', onMessage);
  iframe.addEventListener('load', () => {
    const hello: HostMessage = { source: HOST_SOURCE, version: PROTOCOL_VERSION, type: 'hello' };
    iframe.contentWindow?.postMessage(hello, origin);
  });
  iframe.src = frameSrc(options.url, options.language);
  iframe.title = options.title ?? 'Identity verification';
  // The flow uses the camera for the document and the selfie.
  iframe.allow = 'camera';
  iframe.referrerPolicy = 'no-referrer';
  return {
    dispatch,
    stop: () => window.removeEventListener('message', onMessage),
    on<T extends FlowEventType>(type: T, handler: Handler<T>) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      set.add(handler as (event: FlowEvent) => void);
      return () => set.delete(handler as (event: FlowEvent) => void);
    },
  };
}

/**
 * Styles set through the CSSOM, which a page's strict CSP allows (a <style> element or a style attribute would
 * need 'unsafe-inline'). Logical properties, so a right-to-left page puts the close button on its left.
 */
function css(element: HTMLElement, rules: Record<string, string>) {
  for (const [name, value] of Object.entries(rules)) element.style.setProperty(name, value);
}

/** Opens the flow in a modal dialog over the page; Escape or the close button closes it. */
export function open(options: FlowOptions): FlowHandle {
  const narrow = window.matchMedia('(max-width: 640px)').matches;
  const backdrop = document.createElement('div');
  backdrop.className = 'kyc-flow-backdrop';
  css(backdrop, { position: 'fixed', inset: '0', background: 'rgba(15,20,25,.6)', display: 'flex', 'align-items': 'center', 'justify-content': 'center', 'z-index': '2147483000' });
  const dialog = document.createElement('div');
  dialog.className = 'kyc-flow-dialog';
  css(dialog, {
    position: 'relative', background: '#fff', overflow: 'hidden', 'box-shadow': '0 10px 40px rgba(0,0,0,.35)',
    'border-radius': narrow ? '0' : '12px', width: narrow ? '100vw' : 'min(640px, 100vw)', height: narrow ? '100dvh' : 'min(860px, 100dvh)',
  });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', options.title ?? 'Identity verification');
  const closeButton = document.createElement('button');
  closeButton.type = 'button';
  closeButton.className = 'kyc-flow-close';
  closeButton.setAttribute('aria-label', 'Close');
  closeButton.textContent = '×';
  css(closeButton, {
    position: 'absolute', 'inset-block-start': '6px', 'inset-inline-end': '6px', 'min-width': '44px', 'min-height': '44px', border: '0',
    'border-radius': '22px', background: '#fff', color: '#1b1f24', font: '600 22px/1 system-ui, sans-serif', cursor: 'pointer',
  });
  const iframe = document.createElement('iframe');
  css(iframe, { border: '0', width: '100%', height: '100%' });
  let completed = false;
  let closed = false;
  const previousFocus = document.activeElement as HTMLElement | null;
  const flow = start(options, iframe, (event) => {
    if (event.type === 'close-request') close();
    if (event.type === 'completed') {
      completed = true;
      if (options.closeOnComplete !== false) setTimeout(close, 2500);
    }
  });
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') close(); };
  function close() {
    if (closed) return;
    closed = true;
    document.removeEventListener('keydown', onKey);
    backdrop.remove();
    previousFocus?.focus?.();
    flow.dispatch({ type: 'closed', completed });
    flow.stop();
  }
  closeButton.addEventListener('click', close);
  backdrop.addEventListener('click', (e) => { if (e.target === backdrop) close(); });
  document.addEventListener('keydown', onKey);
  dialog.append(iframe, closeButton);
  backdrop.append(dialog);
  document.body.append(backdrop);
  iframe.focus();
  return { iframe, close, on: flow.on };
}

/** Mounts the flow in an element of the page (the frame fills its width and follows the flow's height). */
export function mount(element: HTMLElement | string, options: FlowOptions): FlowHandle {
  const host = typeof element === 'string' ? document.querySelector<HTMLElement>(element) : element;
  if (!host) throw new Error(`No element ${String(element)}`);
  const iframe = document.createElement('iframe');
  iframe.className = 'kyc-flow-inline';
  css(iframe, { border: '0', width: '100%', 'min-height': '640px' });
  let closed = false;
  const flow = start(options, iframe, (event) => {
    if (event.type === 'resize' && event.height > 0) iframe.style.setProperty('height', `${Math.min(Math.ceil(event.height), 4000)}px`);
  });
  host.append(iframe);
  return {
    iframe,
    on: flow.on,
    close() {
      if (closed) return;
      closed = true;
      iframe.remove();
      flow.stop();
    },
  };
}

export const KycFlow = { open, mount };
