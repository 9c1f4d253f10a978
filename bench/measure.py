#!/usr/bin/env python3
"""Times commands side by side, interleaved round by round, so machine load hits all alike.

Reads a JSON spec on stdin: {"rounds": N, "warmup": W, "commands": [{"name", "argv", "stdin", "env"}]}
and prints JSON: {name: {"wall_ms": [...], "max_rss_kb": [...]}}. Wall time is measured around
the child alone (spawn to reap), and peak RSS and CPU time (user + system) come from wait4's rusage for that one child.
"""
import json, os, subprocess, sys, time

spec = json.load(sys.stdin)
results = {c["name"]: {"wall_ms": [], "max_rss_kb": [], "cpu_ms": []} for c in spec["commands"]}
stdin_data = {c["name"]: (c.get("stdin") or "").encode() for c in spec["commands"]}

def run_once(command):
    env = dict(os.environ)
    env.update(command.get("env") or {})
    start = time.perf_counter()
    proc = subprocess.Popen(command["argv"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        proc.stdin.write(stdin_data[command["name"]])
        proc.stdin.close()
    except BrokenPipeError:
        pass
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = (time.perf_counter() - start) * 1000
    proc.returncode = os.waitstatus_to_exitcode(status)
    # CPU of the child and of the children it waited for (a shell's cat, wc, exec'd node).
    return elapsed, usage.ru_maxrss, (usage.ru_utime + usage.ru_stime) * 1000

for round_index in range(spec.get("warmup", 3) + spec["rounds"]):
    order = spec["commands"] if round_index % 2 == 0 else list(reversed(spec["commands"]))
    for command in order:
        elapsed, rss, cpu = run_once(command)
        if round_index >= spec.get("warmup", 3):
            results[command["name"]]["wall_ms"].append(elapsed)
            results[command["name"]]["max_rss_kb"].append(rss)
            results[command["name"]]["cpu_ms"].append(cpu)

json.dump(results, sys.stdout)
