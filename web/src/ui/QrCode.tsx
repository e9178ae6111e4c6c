import { lazy, Suspense } from 'react';
import { lazyChunk } from '../lib/staleBuild';

// The QR encoder loads when a code is first shown, not with every page that might show one.
const QRCodeSVG = lazy(lazyChunk(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG }))));

/** A QR code of `value`, `size` px square; a blank square of the same size while the encoder loads. */
export function QrCode({ value, size, title }: { value: string; size: number; title: string }) {
  return (
    <Suspense fallback={<span className="qr-pending" role="status" style={{ display: 'block', width: size, height: size }} aria-label="二维码加载中" />}>
      <QRCodeSVG value={value} size={size} marginSize={2} title={title} />
    </Suspense>
  );
}
