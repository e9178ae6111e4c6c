import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import './closure-widgets.css';

/**
 * The closed-company home's address for phones. The SPA is responsive and has no separate mobile
 * site, so the phone address is the same /deathCompany on this origin.
 */
export const closureHomeMobileUrl = () => `${window.location.origin}/deathCompany`;

export interface ShareButtonProps {
  /** The address in the QR code; the closed-company home's phone address by default. */
  url?: string;
  /** The dialog's line under the code. */
  caption?: string;
  label?: string;
}

/** '分享' opens a small dialog with a QR code of the page's phone address (scan with WeChat). */
export function ShareButton({ url, caption = '微信扫一扫，在手机上打开死亡公司库', label = '分享' }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const target = url ?? closureHomeMobileUrl();
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm share-btn" onClick={() => setOpen(true)}>
        <span className="share-icon" aria-hidden="true" />
        {label}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="分享到手机" size="sm">
        <figure className="share-qr">
          <QRCodeSVG value={target} size={168} marginSize={2} title={`二维码：${target}`} />
          <figcaption>
            {caption}
            <span className="share-url">{target}</span>
          </figcaption>
        </figure>
      </Dialog>
    </>
  );
}
