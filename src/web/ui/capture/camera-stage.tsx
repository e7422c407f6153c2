import type { ReactNode, RefObject } from 'react';
import { useRef } from 'react';
import { useElementSize } from '../../capture-hooks/use-element-size';
import { ovalForView } from '../../capture/view-geometry';
import styles from './camera-stage.module.css';

export type StageOverlay = 'card' | 'passport' | 'oval';

export interface CameraStageProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  overlay: StageOverlay;
  mirrored?: boolean;
  /** Oval drawn in the "ready" colour. */
  ready?: boolean;
  flash?: boolean;
  /** Shown over the preview while the camera starts. */
  status?: ReactNode;
  label: string;
  /** The document guide frame, for mapping it into the video's coordinates. */
  guideRef?: RefObject<HTMLDivElement | null>;
  /** Latest frame's analysis time, ms (read by the capture benchmark). */
  analyseMs?: number | null;
  /** Shown over the preview: the live challenge's instruction (animated arrow, blink). */
  children?: ReactNode;
}

/** The live preview with its guide. The <video> is always rendered so the camera can attach. */
export function CameraStage({ videoRef, overlay, mirrored, ready, flash, status, label, guideRef, analyseMs, children }: CameraStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(stageRef);
  return (
    <div ref={stageRef} className={styles.stage} data-testid="camera-stage" data-camera-stage="" data-analyse-ms={analyseMs ?? undefined} role="img" aria-label={label}>
      <video ref={videoRef} className={`${styles.video} ${mirrored ? styles.mirrored : ''}`} muted playsInline autoPlay aria-hidden="true" data-testid="camera-video" />
      {overlay === 'oval' ? <OvalOverlay width={size.width} height={size.height} ready={Boolean(ready)} /> : null}
      {overlay !== 'oval' ? (
        <div
          ref={guideRef}
          className={`${styles.docFrame} ${overlay === 'passport' ? styles.passport : ''} ${ready ? styles.docFrameReady : ''}`}
          aria-hidden="true"
          data-testid="document-guide"
          data-ready={Boolean(ready)}
        />
      ) : null}
      {children}
      {status ? <div className={styles.status}>{status}</div> : null}
      {flash ? <div className={styles.flash} aria-hidden="true" /> : null}
    </div>
  );
}

function OvalOverlay({ width, height, ready }: { width: number; height: number; ready: boolean }) {
  if (!width || !height) return null;
  const oval = ovalForView(width, height);
  const rx = oval.width / 2;
  const ry = oval.height / 2;
  // Everything but the oval dimmed: a rectangle and the ellipse in one path, even-odd fill.
  const cutout = `M0 0H${width}V${height}H0Z M${oval.cx - rx} ${oval.cy} a${rx} ${ry} 0 1 0 ${2 * rx} 0 a${rx} ${ry} 0 1 0 ${-2 * rx} 0Z`;
  return (
    <svg className={styles.ovalLayer} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" data-testid="selfie-oval" data-ready={ready}>
      <path className={styles.dim} d={cutout} fillRule="evenodd" />
      <ellipse className={`${styles.ovalLine} ${ready ? styles.ovalReady : ''}`} cx={oval.cx} cy={oval.cy} rx={rx} ry={ry} />
    </svg>
  );
}

/** The single live hint, announced politely to screen readers. */
export function LiveHint({ text, tone, code, testId }: { text: string; tone: 'good' | 'warn' | 'neutral'; code?: string; testId: string }) {
  const toneClass = tone === 'good' ? styles.hintGood : tone === 'warn' ? styles.hintWarn : '';
  return (
    <p className={`${styles.hint} ${toneClass}`} role="status" aria-live="polite" aria-atomic="true" data-testid={testId} data-hint={code}>
      {text}
    </p>
  );
}

export function StageTip({ children }: { children: ReactNode }) {
  return <p>{children}</p>;
}

export function PhotoPreview({ url, alt, testId }: { url: string; alt: string; testId: string }) {
  return (
    <div className={styles.previewBox} data-camera-stage="">
      <img className={styles.previewImg} src={url} alt={alt} data-testid={testId} />
    </div>
  );
}
