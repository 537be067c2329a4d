"""Every speed and memory figure of the project on this machine, one command:

    python bench/run_all.py

Each measured command runs as its own process; its wall time is measured around it and its peak
memory read two ways: ru_maxrss (the largest single process: the command or one of its workers)
and the peak of its whole process tree's summed PSS, sampled every 10 ms (workers included; PSS
splits the pages forked workers share with their parent, so they are not counted twice).
The machine's load average is printed first: other work on it slows every figure.
Targets are in bench/README.md."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


@dataclass
class Run:
    seconds: float
    maxrss_mb: float  # largest single process
    tree_mb: float  # peak of the process tree's summed PSS
    stdout: str
    status: int


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
    return Run(seconds, usage.ru_maxrss / 1024, peak[0] / 1024, out, proc.returncode)


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
    print(f"{label:<62} {run.seconds:7.2f} s   peak {run.maxrss_mb:5.0f} MB/process "
          f"{run.tree_mb:5.0f} MB/tree{('   target ' + target) if target else ''}{ok}")


def pnp(*args: str) -> list[str]:
    """The `pnp` command as users run it (the console script beside this Python, if installed)."""
    script = Path(PYTHON).parent / "pnp"
    if script.is_file():
        return [str(script), *args]
    return [PYTHON, "-c", "import sys; from pnp.cli import main; sys.argv[0] = 'pnp'; main()", *args]


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
               measure(pnp("build", "all", "--lang", "all", "--out", str(out))), "< 0.5 s")
        export = measure(pnp("export", "hitmans-showdown", "--target", "mpc", "--out", str(out)))
        report("pnp export hitmans-showdown --target mpc", export, "< 4 s (54 faces)")
        images = list((out / "hitmans-showdown").rglob("*_face.png"))
        print(f"    {len(images)} face images written")
        report("pnp export all --target tts (the most memory)",
               measure(pnp("export", "all", "--target", "tts", "--out", str(out))), "< 300 MB")
    script_bench("Hitman's Showdown build (bench/build_hitmans.py)", "build_hitmans.py")
    script_bench("Famiglia robot + simulation (bench/famiglia.py)", "famiglia.py")
    script_bench("24 NPC (bench/terror24.py)", "terror24.py")
    script_bench("Hitman's Showdown companion replay (bench/showdown_replay.py)", "showdown_replay.py")


if __name__ == "__main__":
    main()
