// A QR code drawn as SVG shapes (no inline style: the CSP forbids it). The encoder (`uqr`) is
// loaded on first use, so it never weighs on the first screen.
import { useEffect, useState } from 'react';
import styles from './qr-code.module.css';

/** Light margin around the code, in modules: the QR specification asks for 4. */
export const QUIET_ZONE = 4;

type Modules = ReadonlyArray<ReadonlyArray<boolean>>;

/** SVG path of the dark modules, one rectangle per horizontal run, in module units. */
export function qrPath(modules: Modules): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < row.length && row[x + 1]) x++;
      const run = x - start + 1;
      parts.push(`M${start} ${y}h${run}v1h-${run}z`);
    }
  });
  return parts.join('');
}

export interface QrCodeProps {
  text: string;
  /** Accessible name of the picture. */
  label: string;
  testId?: string;
}

export function QrCode({ text, label, testId }: QrCodeProps) {
  const [qr, setQr] = useState<{ text: string; modules: Modules } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import('uqr').then(
      // M: survives a smudge or a scratched screen at a size a phone still reads easily.
      ({ encode }) => current && setQr({ text, modules: encode(text, { ecc: 'M', border: 0 }).data }),
      // The chunk did not load (offline): the copy-link button beside it still works.
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [text]);

  if (failed) return null;
  if (!qr || qr.text !== text) return <div className={styles.placeholder} aria-hidden="true" />;
  const size = qr.modules.length + 2 * QUIET_ZONE;
  return (
    <svg
      className={styles.qr}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
    >
      <rect className={styles.light} x={-QUIET_ZONE} y={-QUIET_ZONE} width={size} height={size} />
      <path className={styles.dark} d={qrPath(qr.modules)} />
    </svg>
  );
}
