import { useEffect, useId, useState } from 'react';
import QRCode from 'qrcode';
import type { StepProps } from './step.ts';

/**
 * face_match_mobile: the same link opened on the phone continues the same flow (the state is on the server),
 * where the chip can be read; a QR code carries the link across. Generated here, no third-party service.
 */
export function Handover(props: StepProps) {
  const { t } = props;
  const url = props.flow.handover_url ?? location.href;
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  useEffect(() => {
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then(setQr, () => setQr(null));
  }, [url]);
  return (
    <>
      <p className="help">{t.handoverIntro}</p>
      {qr && <img className="qr" src={qr} alt={t.handoverQr} width={240} height={240} />}
      <div className="field">
        <label htmlFor={linkId}>{t.handoverLink}</label>
        <input id={linkId} type="url" readOnly value={url} onFocus={(e) => e.target.select()} />
      </div>
      <button type="button" className="secondary" onClick={() => navigator.clipboard?.writeText(url).then(() => setCopied(true), () => undefined)}>
        {t.copy}{copied ? ' ✓' : ''}
      </button>
      <button type="button" onClick={props.next}>{t.continueHere}</button>
    </>
  );
}
