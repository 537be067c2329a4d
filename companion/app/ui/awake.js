// The screen stays on while a game is open: a phone lying beside the cards must not lock between turns.
// The Wake Lock API where the browser grants it (a secure context), asked again whenever the page comes
// back into view (the browser drops the lock when it hides); else a silent video looping out of sight,
// which phones also keep the screen on for. The video's few frames are recorded here from a canvas, so
// no media file is shipped or fetched; it may start only after a tap, so every tap tries again.

export class Awake {
  constructor() {
    this.wanted = false;
    /** @type {WakeLockSentinel | null} */
    this.lock = null;
    /** @type {HTMLVideoElement | null} */
    this.video = null;
    document.addEventListener("visibilitychange", () => { if (!document.hidden) void this.hold(); });
    document.addEventListener("click", () => { if (this.wanted && this.video?.paused) this.playVideo(); });
  }

  /** Keep the screen on (a game's page) or let it sleep again (the home page). @param {boolean} on */
  async want(on) {
    this.wanted = on;
    if (on) return this.hold();
    this.video?.pause();
    delete document.documentElement.dataset.awake;
    const lock = this.lock;
    this.lock = null;
    await lock?.release().catch(() => {});
  }

  async hold() {
    if (!this.wanted) return;
    if ("wakeLock" in navigator && window.isSecureContext) {
      try {
        if (!this.lock || this.lock.released) this.lock = await navigator.wakeLock.request("screen");
        document.documentElement.dataset.awake = "lock"; // how the screen is kept on, for a look in devtools
        return;
      } catch {
        /* refused (battery saver, a hidden page): the video instead */
      }
    }
    this.video ??= await silentVideo();
    this.playVideo();
  }

  playVideo() {
    // before the first tap a browser refuses to play; every tap tries again
    this.video?.play().then(() => { if (this.wanted) document.documentElement.dataset.awake = "video"; }, () => {});
  }
}

/** A few frames of a 2-pixel canvas as a looping, muted video out of sight; null where it cannot be made. */
async function silentVideo() {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 2;
  if (!canvas.captureStream || !window.MediaRecorder) return null;
  const recorder = new MediaRecorder(canvas.captureStream(4));
  /** @type {Blob[]} */
  const parts = [];
  recorder.ondataavailable = (event) => parts.push(event.data);
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  const paint = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  recorder.start();
  for (let i = 0; i < 4; i++) {
    paint.fillStyle = i % 2 ? "#000" : "#010101";
    paint.fillRect(0, 0, 2, 2);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  recorder.stop();
  await stopped;
  const video = document.createElement("video");
  video.className = "keep-awake";
  video.muted = video.loop = video.playsInline = true;
  for (const flag of ["muted", "playsinline"]) video.setAttribute(flag, "");
  video.setAttribute("aria-hidden", "true");
  video.src = URL.createObjectURL(new Blob(parts, { type: recorder.mimeType }));
  video.style.cssText = "position:fixed;width:1px;height:1px;opacity:0.01;pointer-events:none;bottom:0;left:0";
  document.body.append(video); // beside the view a redraw replaces, so it keeps playing
  return video;
}
