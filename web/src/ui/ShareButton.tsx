import { useState } from 'react';
import { Dialog } from './Dialog';
import './share-button.css';
import { QrCode } from './QrCode';

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
          <QrCode value={url} size={168} title={`二维码：${url}`} />
          <figcaption>
            {caption}
            <span className="share-url">{url}</span>
          </figcaption>
        </figure>
      </Dialog>
    </>
  );
}
