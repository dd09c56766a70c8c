import { createElement, useEffect, useRef } from 'react';
import { mount, type FlowEvent, type FlowOptions } from './index.ts';

export type { FlowEvent, FlowOptions } from './index.ts';

export interface KycVerificationProps extends Omit<FlowOptions, 'onClose' | 'closeOnComplete'> {
  className?: string;
}

/**
 * The flow mounted in the component's element. The frame is made once per `url`; the handlers may change on
 * every render without reloading the flow (they are read through a ref).
 */
export function KycVerification(props: KycVerificationProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    if (!host.current) return;
    const handle = mount(host.current, {
      url: props.url,
      title: props.title,
      language: props.language,
      onEvent: (event: FlowEvent) => {
        const p = latest.current;
        p.onEvent?.(event);
        if (event.type === 'ready') p.onReady?.(event);
        else if (event.type === 'step') p.onStep?.(event);
        else if (event.type === 'completed') p.onComplete?.(event);
        else if (event.type === 'error') p.onError?.(event);
      },
    });
    return () => handle.close();
  }, [props.url, props.title, props.language]);
  return createElement('div', { ref: host, className: props.className });
}

export default KycVerification;
