// A link as a QR code, made by Project Nayuki's QR Code generator (vendor/qrcodegen/, MIT licence,
// docs/dependencies.md). The vendored file is kept as the library's own build writes it: a classic script
// that defines the global `qrcodegen`, so it is loaded once, on demand, by a <script> element rather
// than imported.

/** @type {Promise<any> | null} */
let loading = null;

/**
 * The library, loaded on the first call (the service worker keeps its file for offline use).
 * @returns {Promise<any>}
 */
export function encoder() {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("../vendor/qrcodegen/qrcodegen.js", import.meta.url).href;
    script.onload = () => resolve(/** @type {any} */ (window).qrcodegen);
    script.onerror = () => { loading = null; reject(new Error(`${script.src} could not be loaded`)); };
    document.head.append(script);
  });
  return loading;
}

/**
 * The QR code of `text` at the lowest error correction (a screen is not scratched; the library raises
 * it for free where the size allows): its version, error correction, mask and the dark modules.
 * @param {any} qrcodegen the library
 * @param {string} text
 * @returns {{version: number, ecc: number, mask: number, size: number, dark: boolean[][]}}
 */
export function qrMatrix(qrcodegen, text) {
  const code = qrcodegen.QrCode.encodeText(text, qrcodegen.QrCode.Ecc.LOW);
  /** @type {boolean[][]} */
  const dark = [];
  for (let y = 0; y < code.size; y++) {
    const row = [];
    for (let x = 0; x < code.size; x++) row.push(code.getModule(x, y));
    dark.push(row);
  }
  return { version: code.version, ecc: code.errorCorrectionLevel.ordinal, mask: code.mask, size: code.size, dark };
}

/**
 * The code as an image: dark modules on white with the four-module quiet zone scanners need, whatever
 * the page's theme, drawn a whole number of pixels a module so that no module blurs into another.
 * @param {{size: number, dark: boolean[][]}} matrix
 * @param {string} label what the image is, for a screen reader
 */
export function qrImage(matrix, label) {
  const border = 4;
  const scale = 6;
  const side = (matrix.size + 2 * border) * scale;
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const pen = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  pen.fillStyle = "#fff";
  pen.fillRect(0, 0, side, side);
  pen.fillStyle = "#000";
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (matrix.dark[y][x]) pen.fillRect((x + border) * scale, (y + border) * scale, scale, scale);
    }
  }
  const image = document.createElement("img");
  image.src = canvas.toDataURL("image/png");
  image.alt = label;
  image.className = "qr";
  image.width = side;
  image.height = side;
  return image;
}
