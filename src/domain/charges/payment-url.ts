/**
 * The hosted payment page of a charge (PIX or Bitcoin), where a payer sees its QR code, copies
 * its code or address and watches it confirm. Every creation response carries it.
 */
export function paymentUrl(baseUrl: string, chargeId: string): string {
  return `${baseUrl}/pay/${encodeURIComponent(chargeId)}`;
}
