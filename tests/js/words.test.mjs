// The words load from the disk under Node and answer as tabletop/i18n.py does (compared message by
// message with Python's gettext in tests/companion/app/test_words_js.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { ENGLISH, loadWords, normalise } from "../../companion/app/lib/words.js";

test("Japanese from the catalog, English as written", async () => {
  const ja = await loadWords("ja_JP.UTF-8");
  assert.equal(ja.lang, "ja");
  assert.equal(ja.gettext("red"), "赤");
  assert.equal(ja.gettext("a message nobody wrote"), "a message nobody wrote");
  assert.equal(ja.listing(["R0", 2]), "R0、2");
  assert.equal(await loadWords("fr"), ENGLISH);
  assert.equal(ENGLISH.ngettext("{n} die", "{n} dice", 1), "{n} die");
  assert.equal(ENGLISH.ngettext("{n} die", "{n} dice", 0), "{n} dice");
  assert.equal(ja.ngettext("{n} die", "{n} dice", 3), ja.gettext("{n} die")); // Japanese has one form
  assert.equal(normalise("C"), null);
});
