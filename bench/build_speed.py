"""How fast `pnp build` is at any size, against a plain ReportLab script doing the same job.

    python bench/build_speed.py [--runs 7] [--plain SCRIPT] [--sizes 100,1000,5000]

1. `pnp build hitmans-showdown --asset inserts --lang ja --force` (54 Japanese inserts, 9-up on A4)
   against the plain ReportLab script the issue names (`raw_reportlab.py FONT.ttf OUT.pdf`, in
   `shared/bench/` beside the checkout, or --plain), set in the same cached Noto Sans JP Regular.
   Both run as fresh processes, start-up included, taking turns so both see the same load; the
   figure is the ratio of their median wall times (target ≤ 1.5), with CPU time beside it.
2. The same command with nothing changed (a no-op rebuild; target ≤ 0.3 s).
3. Decks of 100, 1,000 and 5,000 cards (Japanese sleeve inserts, 9-up with cut guides):
   `pnp build DECK.csv` as a user runs it, where that command exists (target 1,000 cards ≤ 5 s),
   and in any case the same cards imposed in one process through the insert machinery (text
   fitting, kinsoku, imposition, guides, footers, drawing), each size in a fresh process. Time
   should grow linearly: the per-card cost and the fixed cost are printed.
Peak memory (largest process) is printed for every command (target ≤ 300 MB).

Child processes may write bytecode (as an installed package has it) and the font cache is warm:
the figures are for every build after the first one.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_all import PYTHON, ROOT, Run, pnp

PLAIN = ROOT.parent / "shared" / "bench" / "raw_reportlab.py"
RATIO_TARGET, NOOP_TARGET, DECK_TARGET, MEMORY_TARGET = 1.5, 0.3, 5.0, 300
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

# Synthetic card texts, varied per card so that no two cards share a text (no cache can help).
_TITLES = ["カポ", "ソルジャー", "情報屋", "運び屋", "用心棒", "幹部", "狙撃手", "交渉人", "会計係"]
_SUBS = ["北の組織", "港の組織", "夜市", "旧市街", "中央署"]
_PARTS = ["このカードを出したとき、", "手札を1枚捨てて、", "相手の出目合計値が20以上なら、",
          "山札の上から2枚を見て、", "好きなプレイヤー1人を選び、", "ラウンドの終わりに、"]
_EFFECTS = ["ダイス数+{n}。", "報酬金{m}金を得る。", "好きな出目のダイスを1つ追加する。",
            "相手の出目合計値-{n}。", "そのプレイヤーの手札を1枚見る。",
            "自身のダイスを一つ指定し、その出目と同じ数のダイスを1つ増やす。"]
_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_SUITS = [("♠", "#111111"), ("♥", "#c8102e"), ("♦", "#c8102e"), ("♣", "#111111")]


def card_texts(n: int) -> dict[str, str]:
    """The texts of synthetic card number `n` (0-based)."""
    part, effect = _PARTS[n % len(_PARTS)], _EFFECTS[(n // 3) % len(_EFFECTS)]
    second = _EFFECTS[(n // 7 + 2) % len(_EFFECTS)] if n % 2 else ""
    body = (part + effect + second).format(n=n % 5 + 1, m=1000 * (n % 7 + 1))
    return {"rank": _RANKS[n % 13], "suit": "SHDC"[(n // 13) % 4],
            "title": f"{_TITLES[n % len(_TITLES)]}{n + 1}", "subtitle": _SUBS[n % len(_SUBS)],
            "body": f"{body}（{n + 1}番）",
            "flavor": "「この通りで起きることは、すべて耳に入る。」" if n % 4 == 0 else ""}


# --- 1 and 2: the 54-insert job against the plain script -------------------------------------

def regular_font() -> Path:
    from pnp.fonts.fontset import bundled_font, static_instances

    return static_instances(bundled_font())["regular"]


def compare_with_plain(plain: Path, runs: int, tmp: Path) -> None:
    job = pnp("build", "hitmans-showdown", "--asset", "inserts", "--lang", "ja", "--force", "--out", str(tmp))
    raw = [PYTHON, str(plain), str(regular_font()), str(tmp / "plain.pdf")]
    for args in (job, raw):  # warm-up: bytecode written, files in the page cache
        subprocess.run(args, env=ENV, capture_output=True, check=True)
    ours, theirs = [], []
    for _ in range(runs):
        theirs.append(measure_env(raw))
        ours.append(measure_env(job))
    ratio = statistics.median(r.seconds for r in ours) / statistics.median(r.seconds for r in theirs)
    cpu_ratio = statistics.median(r.cpu_seconds for r in ours) / statistics.median(r.cpu_seconds for r in theirs)
    pairs = statistics.median(o.seconds / t.seconds for o, t in zip(ours, theirs))
    print(f"54 Japanese inserts, {runs} runs each, taking turns (median wall / median CPU):")
    _line("plain ReportLab script", theirs)
    _line("pnp build hitmans-showdown --asset inserts --lang ja --force", ours)
    print(f"  ratio pnp / plain: wall {ratio:.2f}× (median of pairs {pairs:.2f}×), CPU {cpu_ratio:.2f}×"
          f"   [target ≤ {RATIO_TARGET}×: {'ok' if ratio <= RATIO_TARGET else 'OVER'}]")
    noop = [measure_env(job[:job.index("--force")] + job[job.index("--force") + 1:]) for _ in range(runs)]
    _line("the same, nothing changed (no-op)", noop, NOOP_TARGET)


def measure_env(args: list[str], check: bool = True) -> Run:
    """Wall time, CPU time and peak memory (ru_maxrss) of one command, bytecode allowed as in a
    normal install. Unlike run_all.measure nothing samples the process while it runs: reading a
    process's memory map every 10 ms slows it down, the more the bigger it is."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    run = Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, 0.0, out,
              os.waitstatus_to_exitcode(status))
    if check and run.status != 0:
        sys.exit(f"failed: {' '.join(args)}\n{run.stdout}")
    return run


def _line(label: str, runs: list, target: float | None = None) -> None:
    wall = statistics.median(r.seconds for r in runs)
    cpu = statistics.median(r.cpu_seconds for r in runs)
    mb = max(r.maxrss_mb for r in runs)
    verdict = f"   [target ≤ {target} s: {'ok' if wall <= target else 'OVER'}]" if target else ""
    print(f"  {label:<62} {wall:6.3f} s (best {min(r.seconds for r in runs):.3f}), CPU {cpu:.3f} s, "
          f"{mb:.0f} MB{verdict}")


# --- 3: decks of N cards ---------------------------------------------------------------------

def write_deck(folder: Path, count: int) -> Path:
    """A CSV of `count` Japanese inserts and its deck TOML (docs/decks.md)."""
    import csv

    folder.mkdir(parents=True, exist_ok=True)
    csv_path = folder / f"deck{count}.csv"
    columns = ["rank", "suit", "copies", "title_ja", "subtitle_ja", "body_ja", "flavor_ja"]
    with csv_path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(columns)
        for n in range(count):
            t = card_texts(n)
            writer.writerow([t["rank"], t["suit"], 1, t["title"], t["subtitle"], t["body"], t["flavor"]])
    csv_path.with_suffix(".toml").write_text(
        f'[deck]\nid = "bench{count}"\ntitle = "ベンチ{count}"\nlanguages = ["ja"]\ncard_size = "poker"\n\n'
        '[layout]\nname = "insert"\nstyle = "full"\n', encoding="utf-8")
    return csv_path


def deck_command(sizes: list[int], tmp: Path) -> None:
    print("pnp build DECK.csv (Japanese inserts, 9-up on A4 with cut guides; fresh process, warm fonts):")
    rows = []
    for count in sizes:
        deck = write_deck(tmp / "decks", count)
        args = pnp("build", str(deck), "--lang", "ja", "--force", "--out", str(tmp / "deck-out"))
        first = measure_env(args, check=False)
        if first.status != 0:
            reason = first.stdout.strip().splitlines()[-1] if first.stdout.strip() else f"exit {first.status}"
            print(f"  not available in this version of pnp ({reason[:120]})")
            return
        runs = [first] + [measure_env(args, check=False) for _ in range(2 if count <= 1000 else 0)]
        wall, cpu = statistics.median(r.seconds for r in runs), statistics.median(r.cpu_seconds for r in runs)
        rows.append((count, wall, cpu, max(r.maxrss_mb for r in runs)))
        target = f"   [target ≤ {DECK_TARGET} s: {'ok' if wall <= DECK_TARGET else 'OVER'}]" if count == 1000 else ""
        print(f"  {count:>5} cards: {wall:6.2f} s (CPU {cpu:.2f} s), {rows[-1][3]:4.0f} MB{target}")
    noop = [measure_env(pnp("build", str(tmp / "decks" / f"deck{sizes[-1]}.csv"), "--lang", "ja",
                            "--out", str(tmp / "deck-out"))) for _ in range(3)]
    print(f"  {sizes[-1]} cards again, nothing changed (no-op): {statistics.median(r.seconds for r in noop):.3f} s "
          f"(CPU {statistics.median(r.cpu_seconds for r in noop):.3f} s)   [target ≤ {NOOP_TARGET} s]")
    _growth(rows)


def in_process(sizes: list[int]) -> None:
    print("The same cards imposed in one process through the insert machinery (a fresh process per size):")
    rows = []
    for count in sizes:
        run = measure_env([PYTHON, __file__, "--one", str(count)])
        result = json.loads(run.stdout.strip().splitlines()[-1])
        rows.append((count, result["seconds"], result["cpu"], run.maxrss_mb))
        print(f"  {count:>5} cards, {result['pages']:>4} pages: {result['seconds']:6.2f} s, CPU {result['cpu']:.2f} s "
              f"(fit {result['fit']:.2f} s, draw {result['draw']:.2f} s), {result['kb']:6.0f} KB PDF, "
              f"{run.maxrss_mb:4.0f} MB")
    _growth(rows)


def _growth(rows: list[tuple[int, float, float, float]]) -> None:
    """How wall and CPU time grow with the cards (rows: cards, wall s, CPU s, MB)."""
    if len(rows) < 2:
        return
    for label, column in (("wall", 1), ("CPU", 2)):
        xs, ys = [r[0] for r in rows], [r[column] for r in rows]
        slope, intercept = statistics.linear_regression(xs, ys)
        steps = ", ".join(f"{b[0] / a[0]:g}× the cards: {b[column] / a[column]:.1f}× the time"
                          for a, b in zip(rows, rows[1:]))
        print(f"  growth ({label}): {steps}; fit: {intercept:.2f} s + {slope * 1000:.2f} ms per card")
    print(f"  peak memory {max(r[3] for r in rows):.0f} MB   [target ≤ {MEMORY_TARGET} MB]")


def one_size(count: int) -> None:
    """Child process: build `count` synthetic inserts in memory; print the figures as JSON."""
    from pnp.fonts.fontset import load_fonts

    try:
        from pnp.build.make import collector_paused
    except ImportError:  # a version from before it (to compare with)
        collector_paused = contextlib.nullcontext

    fonts = load_fonts()
    with collector_paused():  # as build.build_pdf builds an asset
        _impose(count, fonts)


def _impose(count: int, fonts) -> None:
    from pnp.assets.cardfaces import lay_out
    from pnp.assets.common import FOOTER_HEIGHT, FOOTER_LEAST, footer
    from pnp.geometry import Size, grid, parse_paper
    from pnp.layout.facelayout import insert_layout
    from pnp.sheets import draw
    from pnp.sheets.imposition import footer_boxes, guide_segments, plan_fronts
    from pnp.text.content import FaceText, Para

    start, cpu = time.perf_counter(), time.process_time()
    layout = insert_layout("full", Size(63, 88))
    arts = []
    for n in range(count):
        t = card_texts(n)
        suit, ink = _SUITS["SHDC".index(t["suit"])]
        arts.append(lay_out(FaceText({
            "index": (Para(f'<font color="{ink}">{t["rank"]}</font>', "rank"),
                      Para(f'<font color="{ink}">{suit}</font>', "suit")),
            "header": (Para(t["title"], "title"), Para(t["subtitle"], "sub")),
            "body": (Para(f"<b>報酬金</b> {1000 * (n % 7 + 1)}金", "stat"), Para("使用効果", "label"),
                     Para(t["body"], "body")),
            "flavor": (Para(t["flavor"], "flavor"),) if t["flavor"] else (),
        }), layout, fonts, "ja", f"cards[{n}]", None))
    fitted = time.perf_counter()
    _, page = parse_paper("a4")
    sheets = plan_fronts(len(arts), grid(page, layout.size, 0.0, 0.0), "lines")
    pages = []
    for number, sheet in enumerate(sheets, 1):
        segments = guide_segments(sheet)
        boxes = footer_boxes(sheet, segments, FOOTER_HEIGHT, FOOTER_LEAST)
        pages.append(draw.SheetArt(sheet, segments, footer(boxes, "ベンチ", "スリーブ用インサート", number,
                                                             len(sheets), "ja", fonts)))
    pdf = draw.card_sheets(pages, arts, fonts, draw.DocInfo("ベンチ"))
    done = time.perf_counter()
    print(json.dumps({"seconds": done - start, "cpu": time.process_time() - cpu, "fit": fitted - start,
                      "draw": done - fitted,
                      "pages": len(sheets), "kb": len(pdf) / 1024}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--plain", type=Path, default=PLAIN, help="the plain ReportLab script")
    parser.add_argument("--sizes", default="100,1000,5000")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one_size(args.one)
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (1 min) at the start")
    with tempfile.TemporaryDirectory(prefix="pnp-speed-") as tmp:
        if args.plain.is_file():
            compare_with_plain(args.plain, args.runs, Path(tmp))
        else:
            print(f"no plain script at {args.plain} (give --plain SCRIPT): ratio not measured")
        deck_command(sizes, Path(tmp))
    in_process(sizes)
    print(f"load average {os.getloadavg()[0]:.1f} (1 min) at the end")


if __name__ == "__main__":
    main()
