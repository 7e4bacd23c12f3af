# bin/bench elasticity [RECORDS] [RATE] [SECS] [AT]: NoSQLMark's elasticity benchmark at this machine's
# scale, in one command. A one-node Cassandra cluster ("elastic", started here, stopped at the end) is
# loaded with RECORDS (default 20000) records of workload A at replication 1; then workload A runs
# in the open model at RATE (default 500) operations/s for SECS (default 240) seconds after 15 s of
# warm-up, and AT (default 45s) after the measured start a second node is added
# (bin/openmark-services add-node elastic), in 2 s intervals. Prints the [EVENT] line (when latency
# was back, what each node did) and, every 10 s of the run, the client's view (read p50/p99,
# requests answered per node) beside the cluster's (each node's gossip state and its MiB of the
# table). The run's files stay in $OPENMARK_BENCH_DIR/elastic (result.json, nodes.csv,
# timeseries.csv, report.html).
# Sourced by bin/bench with the arguments after "elasticity"; $here, $out are bin/bench's.

records="${1:-20000}"
rate="${2:-500}"
secs="${3:-240}"
at="${4:-45s}"
for n in "$records" "$rate" "$secs"; do
  [[ $n =~ ^[0-9]+$ && $n -gt 0 ]] || { echo "bin/bench elasticity: '$n': RECORDS, RATE and SECS are positive numbers" >&2; exit 2; }
done
services="$here/openmark-services"
name=elastic
run_dir="$out/elastic"
"$services" stop "$name" > /dev/null 2>&1 || true
trap '"$services" stop "$name" > /dev/null 2>&1 || true' EXIT
echo "starting a one-node cassandra cluster ($name)"
"$services" start cassandra "$name" --nodes 1 > "$out/elastic-start.out"
props="${OPENMARK_SERVICES_DIR:-/tmp/openmark-services}/$name/$name.properties"
[[ -f $props ]] || { echo "bin/bench elasticity: no properties at $props (see $out/elastic-start.out)" >&2; exit 1; }
echo "loading $records records (replication 1)"
"$here/openmark" load --store cassandra -P "$props" -P workloads/workloada -p recordcount="$records" \
  -p cassandra.replication=1 -threads 4 --quiet > "$out/elastic-load.out"
echo "running workload A at $rate/s for ${secs}s after 15 s of warm-up; a node is added ${at} after the measured start"
rm -rf "$run_dir"
set +e
"$here/openmark" run --store cassandra -P "$props" -P workloads/workloada -p recordcount="$records" \
  --rate "$rate" --duration "${secs}s" --warmup 15s --granularity 2s --seed 7 \
  --event "$at:$services add-node $name" --out "$run_dir" > "$out/elastic-run.out" 2> "$out/elastic-run.err"
code=$?
set -e
grep -E '^(# )?\[EVENT\]|^(# )?\[MISSING-RECORDS\]|^\[OVERALL\], Throughput|^# \[RUN\], Valid|^# \[WARNING\]' "$out/elastic-run.out" || true
[[ -f $run_dir/nodes.csv && -f $run_dir/timeseries.csv ]] ||
  { echo "bin/bench elasticity: the run wrote no nodes.csv/timeseries.csv (exit $code); see $out/elastic-run.err" >&2; exit 1; }
echo
echo "every 10 s (the report's time axis, warm-up included): the client's view | the cluster's view"
awk -F, '
  FNR == 1 { next }
  FILENAME ~ /timeseries/ && $2 == "READ" { b = int(($1 - 0.001) / 10); n[b]++; p50[b] = p50[b] " " $5; p99[b] = p99[b] " " $7; next }
  FILENAME ~ /nodes/ {
    b = int(($1 - 0.001) / 10); nodes[$2] = 1
    if (!(b SUBSEP $2 in first)) { first[b, $2] = $4 }
    last[b, $2] = $4; state[b, $2] = $3; mib[b, $2] = $6; secs[b] = $1; if (b > maxb) maxb = b
  }
  function median(list,   a, k, i, j, t) {
    k = split(list, a, " "); if (k == 0) return "-"
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }
  END {
    printf "%-9s %-10s %-10s", "seconds", "read p50", "read p99"
    for (node in nodes) printf " | %-15s %-8s %-8s %-6s", node, "req/s", "state", "MiB"
    printf "\n"
    for (b = 0; b <= maxb; b++) {
      printf "%-9s %-10s %-10s", (b * 10) "-" (b * 10 + 10), median(p50[b]) / 1000 " ms", median(p99[b]) / 1000 " ms"
      for (node in nodes) {
        prev = (b - 1) SUBSEP node in last ? last[b - 1, node] : first[b, node]
        rate = (b SUBSEP node in last) ? (last[b, node] - prev) / 10 : 0
        printf " | %-15s %-8.1f %-8s %-6s", "", rate, state[b, node] == "" ? "-" : state[b, node], mib[b, node] == "" ? "-" : mib[b, node]
      }
      printf "\n"
    }
  }' "$run_dir/timeseries.csv" "$run_dir/nodes.csv"
echo "files: $run_dir (exit code $code)"
