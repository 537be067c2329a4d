"""companion/app/lib/words.js gives each message in each language what tabletop/i18n.py gives it, and the
app's JSON files load by fetch in a browser and from the disk under Node."""
import functools
import http.server
import json
import subprocess
import threading

import pytest
from babel.messages.pofile import read_po

from companion import appfiles
from tabletop import i18n
from tabletop.catalog import catalogs

LIB = appfiles.APP_DIR / "lib"


def run_node(node: str, script: str, stdin: str = "") -> str:
    """Run an ES module `script` (importing the app's modules by URL) and give back what it printed."""
    script = script.replace("LIB/", LIB.as_uri() + "/")
    run = subprocess.run([node, "--input-type=module", "-e", script], input=stdin, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    return run.stdout


LOOKUP = """
import { loadWords } from "LIB/words.js";
const queries = JSON.parse(await new Promise((done) => { let s = ""; process.stdin.on("data", (d) => s += d);
                                                        process.stdin.on("end", () => done(s)); }));
const answers = [];
for (const lang of ["en", "ja"]) {
  const words = await loadWords(lang);
  for (const [singular, plural, n] of queries) {
    answers.push(plural === null ? words.gettext(singular) : words.ngettext(singular, plural, n));
  }
}
console.log(JSON.stringify(answers));
"""


def test_every_message_and_every_plural_reads_as_python_s_gettext_reads_it(node):
    """Every message of the catalog (those the app is not sent too: they stay English, as the Python
    would say them only if it lacked its catalog) in English and Japanese, plurals for several counts."""
    with catalogs()[0].open("rb") as f:
        catalog = read_po(f)
    table = json.loads((appfiles.LOCALE_DIR / "ja.json").read_text(encoding="utf-8"))
    queries = []
    for m in catalog:
        if isinstance(m.id, tuple):
            queries += [[m.id[0], m.id[1], n] for n in (0, 1, 2, 5, 21)] + [[m.id[0], None, 0]]
        elif m.id:
            queries.append([m.id, None, 0])
    queries.append(["a message nobody wrote", None, 0])
    answers = json.loads(run_node(node, LOOKUP, json.dumps(queries)))
    expected = []
    for lang in ("en", "ja"):
        words = i18n.translations(lang)
        for singular, plural, n in queries:
            sent = lang == "en" or singular in table["messages"] or singular in table["plurals"]
            if not sent:
                words = i18n.translations("en")  # not sent to the app: the English
            expected.append(words.gettext(singular) if plural is None else words.ngettext(singular, plural, n))
            words = i18n.translations(lang)
    assert len(answers) == len(expected) == 2 * len(queries)
    wrong = [(q, a, e) for q, a, e in zip(queries * 2, answers, expected) if a != e]
    assert not wrong, f"{len(wrong)} differ, e.g. {wrong[:5]}"
    assert answers[len(queries):].count("赤") == 1  # the Japanese half is Japanese


def test_languages_are_named_as_the_python_names_them(node):
    names = ["ja", "JA", "ja_JP.UTF-8", "ja-JP", "ja_JP@euro", " en_GB ", "C", "POSIX", "fr_FR", "", "e"]
    said = json.loads(run_node(node, f"""
import {{ normalise }} from "LIB/words.js";
console.log(JSON.stringify({json.dumps(names)}.map(normalise)));"""))
    assert said == [i18n.normalise(name) for name in names]


def test_a_list_reads_as_the_python_lists_it(node):
    items = [1, 2.5, "R0", True, None]
    said = json.loads(run_node(node, """
import { loadWords } from "LIB/words.js";
const items = [1, 2.5, "R0", true, null];
console.log(JSON.stringify([(await loadWords("en")).listing(items), (await loadWords("ja")).listing(items)]));"""))
    expected = []
    for lang in ("en", "ja"):
        with i18n.use(lang):
            expected.append(i18n.listing(items))
    assert said == expected == ["1, 2.5, R0, True, None", "1、2.5、R0、True、None"]


@pytest.fixture
def served():
    """companion/app served over HTTP, as a phone fetches it; the paths asked for."""
    asked: list[str] = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_request(self, code="-", size="-"):
            asked.append(self.path)

        def log_message(self, *args):
            pass  # a test's output is no place for a server's log

    handler = functools.partial(Handler, directory=str(appfiles.APP_DIR))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", asked
    server.shutdown()
    server.server_close()
    thread.join()


LOADS = """
import { loadWords } from "LIB/words.js";
import { loadGameData, readAppFile } from "LIB/appfile.js";
const base = process.argv[1];
const out = {};
out.fetched = (await loadWords("ja_JP.UTF-8", base)).gettext("red");
out.folder = (await loadWords("ja", base + "/")).gettext("blue");
out.english = (await loadWords("fr", base)).gettext("red");
out.disk = (await loadWords("ja")).gettext("yellow");
out.data = await loadGameData("terror24", base);
out.dataFromDisk = await loadGameData("hitmans-showdown");
try { await readAppFile("data/nothing.json", base); } catch (e) { out.missing = String(e.message); }
console.log(JSON.stringify(out));
"""


def test_the_files_load_by_fetch_from_a_server_and_from_the_disk_under_node(node, served):
    base, asked = served
    script = LOADS.replace("LIB/", LIB.as_uri() + "/")
    run = subprocess.run([node, "--input-type=module", "-e", script, base], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert (out["fetched"], out["folder"], out["english"], out["disk"]) == ("赤", "青", "red", "黄")
    assert out["data"] == json.loads((appfiles.DATA_DIR / "terror24.json").read_text(encoding="utf-8"))
    assert out["dataFromDisk"] == json.loads((appfiles.DATA_DIR / "hitmans-showdown.json").read_text(encoding="utf-8"))
    assert out["missing"] == f"{base}/data/nothing.json: 404 File not found"
    # English needs no file; the Japanese was fetched once a load, the data from the server once.
    assert sorted(asked) == ["/data/nothing.json", "/data/terror24.json", "/locale/ja.json", "/locale/ja.json"]
