import type { Api, Flow } from './api.ts';
import type { Messages } from './i18n.ts';

/** What every step component receives from the App. */
export interface StepProps {
  t: Messages;
  flow: Flow;
  client: Api;
  update: (flow: Flow) => void;
  refresh: () => Promise<void>;
  next: () => void;
  fail: (error: unknown) => void;
}
