// The QR code the app shows (ui/qr.js over the vendored encoder, vendor/qrcodegen/) read back by an
// independent decoder (ZXing) from a drawn image: the link itself, for every length the app shows as a
// code, and never denser than version 22 (105 modules a side).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import zxing from "@zxing/library";

import { QR_LIMIT } from "../../companion/app/lib/handover.js";
import { qrMatrix } from "../../companion/app/ui/qr.js";

// The vendored file is a classic script defining the global `qrcodegen`, as a browser loads it.
const source = readFileSync(new URL("../../companion/app/vendor/qrcodegen/qrcodegen.js", import.meta.url), "utf8");
const qrcodegen = new Function(`${source}\nreturn qrcodegen;`)();

/**
 * The code drawn as a grey-level image (3 pixels a module, the quiet zone around) and read by ZXing.
 * @param {{size: number, dark: boolean[][]}} matrix
 */
function read(matrix) {
  const scale = 3;
  const border = 4;
  const side = (matrix.size + 2 * border) * scale;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const my = Math.floor(y / scale) - border;
      const mx = Math.floor(x / scale) - border;
      if (matrix.dark[my]?.[mx]) pixels[y * side + x] = 0;
    }
  }
  const image = new zxing.BinaryBitmap(new zxing.HybridBinarizer(new zxing.RGBLuminanceSource(pixels, side, side)));
  return new zxing.QRCodeReader().decode(image).getText();
}

test("a link's code reads back as the link, up to the longest link shown as a code", () => {
  const base = "https://games.example/tabletop-kit/#import=";
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (const length of [60, 300, 700, QR_LIMIT]) {
    let link = base;
    for (let i = 0; link.length < length - 7; i++) link += alphabet[(i * 7) % alphabet.length];
    link = `${link}&name=x`.slice(0, length);
    const matrix = qrMatrix(qrcodegen, link);
    assert.equal(read(matrix), link);
    assert.ok(matrix.version <= 22, `${length} bytes: version ${matrix.version}`);
    assert.equal(matrix.size, 4 * matrix.version + 17);
  }
});
