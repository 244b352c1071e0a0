"""What is measured of a run and how runs become figures: CPU time (user and system) and memory from /proc, the
load generator's own CPU, summaries over rounds, ratios to the reference in the same round, and whether the load
generator, not the server, set a ratio."""

import os
import statistics
import threading

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
MIB = 1024 * 1024
# A load generator busier than this (CPU time over wall time of its core) is taken to be the limit of the run.
CAPPED_LOAD = 0.90
# A pinned server less busy than this while the load generator was not the limit was held back by other work on
# the machine (its core is shared with everything else that runs there).
BUSY_SERVER = 0.90


def process_ticks(pid):
    """utime and stime of a process (all its threads), in clock ticks."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]), int(fields[12])


def total_ticks(pids):
    """The summed utime and stime of `pids`, in clock ticks (a process gone meanwhile counts nothing)."""
    user = system = 0
    for pid in pids:
        try:
            process_user, process_system = process_ticks(pid)
        except OSError:
            continue
        user += process_user
        system += process_system
    return user, system


def process_rss(pid, field="VmRSS"):
    """VmRSS (or RssAnon, RssFile) in bytes."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


class Sampler(threading.Thread):
    """Samples the summed VmRSS of a fixed set of processes every 0.2 s and keeps the peak."""

    def __init__(self, pids, interval=0.2):
        super().__init__(daemon=True)
        self.pids = pids
        self.interval = interval
        self.peak = 0
        self.stopping = threading.Event()

    def sample(self):
        total = 0
        for pid in self.pids:
            try:
                total += process_rss(pid)
            except OSError:
                pass
        self.peak = max(self.peak, total)

    def run(self):
        while not self.stopping.is_set():
            self.sample()
            self.stopping.wait(self.interval)

    def finish(self):
        self.stopping.set()
        self.join(timeout=2)
        self.sample()
        return self.peak


def successful(runs):
    """The runs that answered requests."""
    return [run for run in runs if run.get("rps")]


def unique(texts):
    return list(dict.fromkeys(texts))


def summarize(runs):
    """Medians over the successful runs (with the requests/s range and the errors summed); None when none succeeded.

    CPU per request is the server's CPU time over the requests it answered, user and system apart; core busy is its
    CPU time over the run's length, and the load generator's the same for the load generator's process."""
    good = successful(runs)
    if not good:
        return None
    errors = {}
    for run in good:
        for name, count in run["errors"].items():
            errors[name] = errors.get(name, 0) + count
        if run.get("log_problems"):
            errors["runs with warnings in the server log"] = errors.get("runs with warnings in the server log", 0) + 1

    def median(field):
        return statistics.median(run[field] for run in good)

    def per_request(field):
        return statistics.median(run[field] / run["rps"] * 1e6 for run in good)

    return {
        "rps": median("rps"),
        "rps_min": min(run["rps"] for run in good),
        "rps_max": max(run["rps"] for run in good),
        "p50_us": median("p50_us"),
        "p99_us": median("p99_us"),
        "cpu_cores": median("cpu_cores"),
        "cpu_us_per_request": per_request("cpu_cores"),
        "system_us_per_request": per_request("system_cores"),
        "user_us_per_request": per_request("user_cores"),
        "load_cores": median("load_cores"),
        "load_cpu_us_per_request": median("load_cpu_us_per_request"),
        "peak_rss": max(run["peak_rss"] for run in good),
        "errors": errors,
        "runs": len(good),
        "failures": unique(run["error"] for run in runs if "error" in run),
    }


def per_round_ratio(runs, reference_runs):
    """(median, list) over rounds of runs' requests/s ÷ the reference's in the same round; (None, []) without a
    common round."""
    reference = {run["round"]: run["rps"] for run in successful(reference_runs)}
    ratios = [run["rps"] / reference[run["round"]] for run in successful(runs) if reference.get(run["round"])]
    return (statistics.median(ratios), ratios) if ratios else (None, [])


def is_capped(summary):
    """Whether the load generator was the limit of these runs: its core busier than CAPPED_LOAD."""
    return summary is not None and summary.get("load_cores") is not None and summary["load_cores"] > CAPPED_LOAD


def bound(ours, reference):
    """What a ratio of `ours` to `reference` (two summaries) tells, given which side the load generator capped:
    "exact" (neither, and both servers kept their cores busy), "at least" (ours was capped: the server could do
    more), "at most" (the reference was capped), "neither" (both were: the ratio is the load generator's, not the
    servers'), "starved" (neither was capped, but a server left its core idle: other work on the machine set the
    pace)."""
    ours_capped, reference_capped = is_capped(ours), is_capped(reference)
    if ours_capped and reference_capped:
        return "neither"
    if ours_capped:
        return "at least"
    if reference_capped:
        return "at most"
    if any(summary is not None and summary["cpu_cores"] < BUSY_SERVER for summary in (ours, reference)):
        return "starved"
    return "exact"


def judge(ratio, kind, minimum):
    """"met", "not met" or "undecided" for a target of at least `minimum` times the reference; None when there is
    no ratio. A lower bound meets a target it is above and decides nothing below it; an upper bound the reverse."""
    if ratio is None:
        return None
    if kind == "exact":
        return "met" if ratio >= minimum else "not met"
    if kind == "at least":
        return "met" if ratio >= minimum else "undecided"
    if kind == "at most":
        return "not met" if ratio < minimum else "undecided"
    return "undecided"  # "neither", "starved"


def combine(verdicts):
    """One verdict from the same target measured in several load shapes, in order of precedence (serial first:
    what clients send): the first that decides, else undecided when one was measured; None when none was."""
    measured = [verdict for verdict in verdicts if verdict is not None]
    decided = [verdict for verdict in measured if verdict != "undecided"]
    if decided:
        return decided[0]
    return "undecided" if measured else None


def compare(results, key, labels, reference):
    """A row per label of the runs in results[key + (label,)]: their summary, and their ratio to `reference`'s
    runs of the same round (the median and each round's)."""
    reference_runs = results.get(key + (reference,), [])
    rows = []
    for label in labels:
        runs = results.get(key + (label,), [])
        ratio, ratios = per_round_ratio(runs, reference_runs)
        rows.append({"server": label, "summary": summarize(runs), "ratio": ratio, "ratios": ratios,
                     "failures": unique(run["error"] for run in runs if "error" in run)})
    return rows
