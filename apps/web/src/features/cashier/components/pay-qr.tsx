import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { Gateway } from '@spm/contract';
import { payLink } from '../lib/pay-link';

/**
 * The QR to scan: the operator's uploaded image when there is one, otherwise one drawn here
 * from the UPI intent or the wallet address. Nothing when there is nothing to scan.
 */
export function PayQr({ gateway, amount }: { gateway: Gateway; amount: number | null }) {
  const { t } = useTranslation();
  const uploaded = gateway.payTo.qrImageUrl;
  const link = uploaded ? null : payLink(gateway, amount);
  const [drawn, setDrawn] = useState<{ link: string; dataUrl: string } | null>(null);

  useEffect(() => {
    if (!link) return;
    let current = true;
    QRCode.toDataURL(link, { margin: 1, width: 240, errorCorrectionLevel: 'M' })
      .then((dataUrl) => {
        if (current) setDrawn({ link, dataUrl });
      })
      // The details beside the QR are enough to pay; a drawing failure only hides the QR.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [link]);

  // While a new amount is being drawn the previous code stays, rather than flickering away.
  const src = uploaded ?? (link && drawn ? drawn.dataUrl : null);
  if (!src) return null;
  return (
    <figure className="pay-qr">
      <img
        className="pay-qr__image"
        src={src}
        alt={t('cashier.deposit.qrAlt', { name: gateway.name })}
        width={200}
        height={200}
        data-testid="deposit-qr"
        data-link={drawn?.link ?? ''}
      />
      <figcaption className="pay-qr__caption">
        {t(gateway.kind === 'upi' ? 'cashier.deposit.scanUpi' : 'cashier.deposit.scanAddress')}
      </figcaption>
    </figure>
  );
}
