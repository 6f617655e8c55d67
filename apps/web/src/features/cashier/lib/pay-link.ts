import type { Gateway } from '@spm/contract';

// Percent-encoded, except the "@" of a UPI id, which several UPI apps do not decode.
const upiValue = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/**
 * What the deposit QR encodes: a UPI intent (NPCI's upi://pay, which every UPI app scans,
 * with the amount filled in once it is valid) or a crypto wallet address. Null when the
 * gateway has nothing a phone could scan.
 */
export function payLink(gateway: Gateway, amount: number | null): string | null {
  const { payTo } = gateway;
  if (gateway.kind === 'upi' && payTo.upiId) {
    const params = [`pa=${upiValue(payTo.upiId)}`];
    if (payTo.accountName) params.push(`pn=${upiValue(payTo.accountName)}`);
    if (amount !== null) params.push(`am=${amount.toFixed(2)}`);
    params.push('cu=INR');
    return `upi://pay?${params.join('&')}`;
  }
  if (gateway.kind === 'crypto' && payTo.walletAddress) return payTo.walletAddress;
  return null;
}
