"""Every speed and memory figure of the project on this machine, one command:

    python bench/run_all.py

Each measured command runs as its own process; its wall time is measured around it, its CPU time
(user + system, workers included) read when it ends, and its peak memory read two ways: ru_maxrss
(the largest single process: the command or one of its workers) and the peak of its whole process
tree's summed PSS, sampled every 10 ms (workers included; PSS splits the pages forked workers share
with their parent, so they are not counted twice).
The machine's load average is printed first: other work on it slows every figure, so the short
commands with a wall-time target run three times and the best and median are shown.
Targets are in bench/README.md."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


@dataclass
class Run:
    seconds: float
    cpu_seconds: float  # user + system, of the command and its worker processes
    maxrss_mb: float  # largest single process
    tree_mb: float  # peak of the process tree's summed PSS
    stdout: str
    status: int
    median: float | None = None  # of the wall times, when the command ran several times


def measure(args: list[str], cwd: Path = ROOT) -> Run:
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    peak = [0]
    stop = threading.Event()
    sampler = threading.Thread(target=_sample_tree, args=(proc.pid, peak, stop), daemon=True)
    sampler.start()
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    stop.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, peak[0] / 1024, out,
               proc.returncode)


def measure_repeated(args: list[str], times: int = 3) -> Run:
    """The run with the best wall time (the least disturbed by other work), with the median wall
    time and the largest memory of all the runs."""
    runs = [measure(args) for _ in range(times)]
    failed = [r for r in runs if r.status != 0]
    if failed:
        return failed[0]
    return replace(min(runs, key=lambda r: r.seconds),
                   median=statistics.median(r.seconds for r in runs),
                   maxrss_mb=max(r.maxrss_mb for r in runs), tree_mb=max(r.tree_mb for r in runs))


def _sample_tree(pid: int, peak: list[int], stop: threading.Event) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], sum(_pss_kb(p) for p in _tree(pid)))
        stop.wait(0.01)


def _tree(pid: int) -> list[int]:
    pids, i = [pid], 0
    while i < len(pids):
        try:
            for task in Path(f"/proc/{pids[i]}/task").iterdir():
                pids += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
        i += 1
    return pids


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def report(label: str, run: Run, target: str = "") -> None:
    ok = "" if run.status == 0 else f"  FAILED (exit {run.status}): {run.stdout.strip()[-300:]}"
    timing = f"{run.seconds:5.2f} s" + (f" best, {run.median:.2f} median" if run.median is not None else "")
    print(f"{label:<50} {timing:<23} cpu {run.cpu_seconds:5.2f} s   peak {run.maxrss_mb:4.0f} MB/process "
          f"{run.tree_mb:4.0f} MB/tree{('   target ' + target) if target else ''}{ok}")


def pnp(*args: str) -> list[str]:
    """The `pnp` command as users run it (the console script beside this Python, if installed)."""
    script = Path(PYTHON).parent / "pnp"
    if script.is_file():
        return [str(script), *args]
    return [PYTHON, "-c", "import sys; from pnp.cli.command import main; sys.argv[0] = 'pnp'; main()", *args]


def script_bench(name: str, script: str) -> None:
    """The other bench scripts (asset build times, robot and NPC decisions, simulation throughput)
    print their own figures; run each as a process so its memory is measured like the rest."""
    path = ROOT / "bench" / script
    if not path.is_file():
        print(f"{name:<62} not available (no bench/{script})")
        return
    run = measure([PYTHON, str(path)])
    report(name, run, "< 300 MB")
    for line in run.stdout.strip().splitlines():
        print(f"    {line}")


def main() -> None:
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f} (1 min) before the first run")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        out = Path(tmp) / "output"
        measure(pnp("build", "hitmans-showdown", "--out", str(Path(tmp) / "warm")))  # warms the font cache
        report("pnp build all (cold: output empty)",
               measure(pnp("build", "all", "--lang", "all", "--out", str(out))), "< 6 s, < 300 MB")
        report("pnp build all (no-op: nothing changed)",
               measure_repeated(pnp("build", "all", "--lang", "all", "--out", str(out))), "< 0.5 s")
        export = measure_repeated(pnp("export", "hitmans-showdown", "--target", "mpc", "--force",
                                      "--out", str(out)))
        report("pnp export hitmans-showdown --target mpc", export, "< 4 s (54 faces)")
        images = list((out / "hitmans-showdown").rglob("*_face.png"))
        print(f"    {len(images)} face images written")
        report("pnp export all --target tts (the most memory)",
               measure(pnp("export", "all", "--target", "tts", "--out", str(out))), "< 300 MB")
        report("pnp preview terror24 --all (81 cards + 6 backs)",
               measure(pnp("preview", "terror24", "--all", "--out", str(out))), "< 300 MB")
    script_bench("Hitman's Showdown build (bench/build_hitmans.py)", "build_hitmans.py")
    script_bench("pnp against plain ReportLab, decks of 100-5,000 cards (bench/build_speed.py)", "build_speed.py")
    script_bench("Famiglia robot + simulation (bench/famiglia.py)", "famiglia.py")
    script_bench("24 NPC (bench/terror24.py)", "terror24.py")
    script_bench("the engines' protocol (bench/protocol_speed.py)", "protocol_speed.py")
    script_bench("the browser's engines, Node and Chromium 4× (bench/js_browser.py)", "js_browser.py")
    script_bench("Hitman's Showdown companion replay (bench/showdown_replay.py)", "showdown_replay.py")
    script_bench("the app exported, on a phone with its CPU at 4× (bench/app_speed.py)", "app_speed.py")
    script_bench("companion serve on localhost (bench/web.py)", "web.py")
    script_bench("companion serve under a flood of connections (bench/limits.py)", "limits.py")
    script_bench("two phones on one game through companion serve's app (bench/app_sync.py)", "app_sync.py")
    script_bench("pnp watch, save to new page image (bench/watch_delay.py)", "watch_delay.py")
    script_bench("pnp watch, one cell of a 133-card deck with art (bench/watch_edit.py)", "watch_edit.py")


if __name__ == "__main__":
    main()
