import type { Page } from '@playwright/test';

/**
 * A face lit by the phone's screen: getUserMedia still opens the browser's camera (the fake
 * camera's clip), but the app receives a canvas copy of it on which, 30 times a second, the
 * colour the page is showing (`[data-screen-light]`, the screen-light check) is laid over the
 * picture at `share` opacity, as a screen's light falls on a face held near it. With no colour
 * shown the picture is the camera's own. Like any injected camera, it is a canvas stream from a
 * replaced getUserMedia: the app's camera integrity signals flag it.
 */
export async function installScreenLitCamera(page: Page, share = 0.18): Promise<void> {
  await page.addInitScript((share) => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    const lit = async (constraints?: MediaStreamConstraints) => {
      const stream = await original(constraints);
      const track = stream.getVideoTracks()[0];
      if (!track) return stream;
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      await video.play();
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth || 640;
      canvas.height = video.videoHeight || 480;
      const ctx = canvas.getContext('2d')!;
      // A timer, not requestAnimationFrame: a headless page must keep its camera running.
      const timer = setInterval(() => {
        if (video.readyState < 2) return;
        ctx.globalAlpha = 1;
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
        const colour = document.querySelector('[data-screen-light]')?.getAttribute('data-screen-light');
        if (colour) {
          ctx.globalAlpha = share;
          ctx.fillStyle = colour;
          ctx.fillRect(0, 0, canvas.width, canvas.height);
        }
      }, 33);
      const out = canvas.captureStream(30);
      const outTrack = out.getVideoTracks()[0]!;
      const stop = outTrack.stop.bind(outTrack);
      // The app stops the track it got: the camera behind it stops too (its light goes off).
      outTrack.stop = () => {
        stop();
        clearInterval(timer);
        for (const t of stream.getTracks()) t.stop();
      };
      return out;
    };
    Object.defineProperty(devices, 'getUserMedia', { configurable: true, value: lit });
  }, share);
}
