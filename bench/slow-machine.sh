#!/usr/bin/env bash
# Runs a command as on a slower machine: the command and the local PostgreSQL share CPU_CORES cores'
# worth of time (default 1, half of these two-core machines), through a cgroup (v1 `cpu` controller,
# as root). Issue 12 section 4 asks for targets on a machine about half as fast as the fast ones; this
# is how to look at that on a fast one:
#
#   bash bench/slow-machine.sh env BENCH_PARTS=scoped npx tsx bench/run.ts
#
# Not the same as slower cores: a request runs at full speed and waits for its turn, so the figures
# came out lower than on a real slow machine (scoped random pages, plain JSON: 31 ms here at a sign-in
# rate of 67 a second, 45-58 ms on a real machine of 68). Compare with the login rate the run prints.
# PostgreSQL's processes go back to the root group at the end, also when the command fails.
set -euo pipefail
cores="${CPU_CORES:-1}"
group=/sys/fs/cgroup/cpu/tna-slow
period=10000
mkdir -p "$group"
echo "$period" >"$group/cpu.cfs_period_us"
awk -v c="$cores" -v p="$period" 'BEGIN { printf "%d\n", c * p }' >"$group/cpu.cfs_quota_us"
restore() {
  while read -r pid; do echo "$pid" >/sys/fs/cgroup/cpu/cgroup.procs 2>/dev/null || true; done <"$group/cgroup.procs"
  rmdir "$group" 2>/dev/null || true
}
trap restore EXIT
# New PostgreSQL backends are forked by the postmaster, so they start in its group.
for pid in $(pgrep -x postgres || pgrep -f 'postgres:|bin/postgres'); do echo "$pid" >"$group/cgroup.procs" 2>/dev/null || true; done
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$group" "$@"
