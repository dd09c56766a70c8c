/**
 * The messages between the hosted flow (in its frame) and the page that embeds it (ADR 0145). Every message
 * carries `source` so a page that hears other frames' messages can tell them apart, and never any personal data:
 * the caller's back end reads the results with its API credentials, never the browser.
 */
export const FLOW_SOURCE = 'kyc-flow';
export const HOST_SOURCE = 'kyc-host';
export const PROTOCOL_VERSION = 1;

export type FlowEvent =
  /** The flow has loaded: which step it opens on. */
  | { type: 'ready'; step: string; index: number; total: number }
  /** The contact moved to another step. */
  | { type: 'step'; step: string; index: number; total: number }
  /** The contact sent everything; the results come to the caller's back end by webhook. */
  | { type: 'completed' }
  /** The flow cannot go on (an expired or replaced link, already sent, or a failure). */
  | { type: 'error'; reason: 'expired' | 'invalid' | 'submitted' | 'error' }
  /** The flow's content changed height (an element mount follows it). */
  | { type: 'resize'; height: number }
  /** The contact pressed Escape in the flow (focus is in the frame, so the page cannot hear the key itself). */
  | { type: 'close-request' }
  /** The modal was closed by the contact or by the page (sent by the SDK itself, not by the flow). */
  | { type: 'closed'; completed: boolean };

export type FlowMessage = FlowEvent & { source: typeof FLOW_SOURCE; version: number };

/** The one message the embedding page sends: "I am listening", answered by a fresh `ready`. */
export type HostMessage = { source: typeof HOST_SOURCE; version: number; type: 'hello' };

export function isFlowMessage(data: unknown): data is FlowMessage {
  if (!data || typeof data !== 'object') return false;
  const m = data as Record<string, unknown>;
  return m.source === FLOW_SOURCE && typeof m.type === 'string' && ['ready', 'step', 'completed', 'error', 'resize', 'close-request'].includes(m.type);
}
