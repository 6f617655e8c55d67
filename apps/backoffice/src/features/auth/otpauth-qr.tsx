import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The enrolment QR of an otpauth:// URL, drawn as SVG by `qrcode` (loaded on demand, only on
 * this screen). If it cannot be drawn the secret and the URL beside it still work.
 */
export function OtpauthQr({ url }: { url: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (text) => {
          if (!cancelled) setSvg(text);
        },
        () => {
          if (!cancelled) setSvg(null);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [url]);

  if (!svg) return null;
  return (
    <img
      className="qr"
      width={200}
      height={200}
      alt={t('auth.setup.qrAlt')}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
    />
  );
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP", easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
