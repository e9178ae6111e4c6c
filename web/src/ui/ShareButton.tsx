import { lazy, Suspense, useState } from 'react';
import { Dialog } from './Dialog';
import './share-button.css';
import { lazyChunk } from '../lib/staleBuild';

// The QR code's encoder loads when the dialog first opens, not with every page that has a share button.
const QRCodeSVG = lazy(lazyChunk(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG }))));

export interface ShareButtonProps {
  /** The address in the QR code (absolute). The SPA is responsive: a page's phone address is its own. */
  url: string;
  /** The dialog's line under the code, e.g. '微信扫一扫，在手机上打开死亡公司库'. */
  caption: string;
  label?: string;
}

/** '分享' opens a small dialog with a QR code of a page's phone address (scan with WeChat). */
export function ShareButton({ url, caption, label = '分享' }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm share-btn" onClick={() => setOpen(true)}>
        <span className="share-icon" aria-hidden="true" />
        {label}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="分享到手机" size="sm">
        <figure className="share-qr">
          <Suspense fallback={<span className="share-qr-pending" role="status" style={{ display: 'block', width: 168, height: 168 }} aria-label="二维码加载中" />}>
            <QRCodeSVG value={url} size={168} marginSize={2} title={`二维码：${url}`} />
          </Suspense>
          <figcaption>
            {caption}
            <span className="share-url">{url}</span>
          </figcaption>
        </figure>
      </Dialog>
    </>
  );
}
