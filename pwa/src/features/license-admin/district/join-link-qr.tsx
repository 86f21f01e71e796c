import { useEffect, useState } from 'react';

/**
 * The join link as a QR code to show at a staff meeting (issue 27). The encoder (`qrcode`, decision
 * 098) is imported here, on demand: it never weighs on the app's first load.
 */
export function JoinLinkQr({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 2, width: 240, errorCorrectionLevel: 'M' }))
      .then((data) => {
        if (live) setSrc(data);
      });
    return () => {
      live = false;
    };
  }, [url]);
  if (!src) return <div style={{ width: 240, height: 240 }} aria-busy="true" />;
  return <img src={src} width={240} height={240} alt="QR code of the join link" />;
}
