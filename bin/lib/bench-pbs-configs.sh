# bin/bench pbs-configs [WRITES] [RATE]: PBS checked against measurement on a 3-node Cassandra cluster
# (issue 49). One staleness run at ONE/ONE traces the WARS delays and predicts every R and W of N=3
# ([PBS-ALL]); then staleness is measured, untraced, at ONE/TWO, TWO/ONE, TWO/TWO and QUORUM/QUORUM on
# the same cluster and keyspace; each predicted row is printed beside its measurement: P(consistent) at
# 0/1/5/10 ms and the write and read latency p50/p99 (ms). WRITES (default 2000) at RATE (default 100)
# writes/s per run, replication 3, keyspace pbsconfigs. The cluster ("pbsconfigs", 3 nodes) is started
# here and stopped at the end, unless PBS_CONFIGS_PROPS names the properties of a running 3-node one.
# The runs' files stay in $OPENMARK_BENCH_DIR/pbs-configs/LEVELS/ (staleness.json, out.txt).
# Sourced by bin/bench with the arguments after "pbs-configs"; $here, $out are bin/bench's.

writes="${1:-2000}"
rate="${2:-100}"
for n in "$writes" "$rate"; do
  [[ $n =~ ^[0-9]+$ && $n -gt 0 ]] || { echo "bin/bench pbs-configs: '$n': WRITES and RATE are positive numbers" >&2; exit 2; }
done
services="$here/openmark-services"
name=pbsconfigs
dir="$out/pbs-configs"
mkdir -p "$dir"
if [[ -n ${PBS_CONFIGS_PROPS:-} ]]; then
  props="$PBS_CONFIGS_PROPS"
else
  "$services" stop "$name" > /dev/null 2>&1 || true
  trap '"$services" stop "$name" > /dev/null 2>&1 || true' EXIT
  echo "starting a three-node cassandra cluster ($name)"
  "$services" start cassandra "$name" --nodes 3 > "$dir/start.out"
  props="${OPENMARK_SERVICES_DIR:-/tmp/openmark-services}/$name/$name.properties"
fi
[[ -f $props ]] || { echo "bin/bench pbs-configs: no properties at $props" >&2; exit 1; }

# staleness READ WRITE TRACE: one run at those levels, its output in $dir/READ-WRITE/
staleness() {
  local run="$dir/$1-$2"
  rm -rf "$run"; mkdir -p "$run"
  echo "staleness at $1/$2 (reads/writes), $writes writes at $rate/s, --trace-fraction $3 ($(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$here/openmark" staleness --store cassandra -P "$props" -p cassandra.keyspace=pbsconfigs -p cassandra.replication=3 \
    -p cassandra.readconsistency="$1" -p cassandra.writeconsistency="$2" --writes "$writes" --rate "$rate" \
    --probes 0,1,5,10 --trace-fraction "$3" --out "$run" > "$run/out.txt" 2> "$run/err.txt" ||
    echo "  exit $? (see $run/err.txt)"
}

staleness ONE ONE 0.1
grep -q '^\[PBS-ALL\], Measured' "$dir/ONE-ONE/out.txt" ||
  { echo "bin/bench pbs-configs: the ONE/ONE run predicted nothing (see $dir/ONE-ONE/)" >&2; exit 1; }
for levels in "ONE TWO" "TWO ONE" "TWO TWO" "QUORUM QUORUM"; do
  staleness $levels 0
done

echo
echo "predicted from the ONE/ONE run's traced pairs | measured (P(consistent) at 0/1/5/10 ms; latency p50/p99 ms)"
printf '%-14s %-6s %-31s %-31s %-13s %-13s\n' "reads/writes" "" "P at 0 / 1 / 5 / 10 ms" "" "write p50/p99" "read p50/p99"
level_number() { case $1 in ONE) echo 1 ;; TWO) echo 2 ;; QUORUM) echo 2 ;; esac; }
for levels in "ONE ONE" "ONE TWO" "TWO ONE" "TWO TWO" "QUORUM QUORUM"; do
  set -- $levels
  r=$(level_number "$1"); w=$(level_number "$2")
  awk -v label="$1/$2" -v key="R=$r W=$w" -F', ' '
    FNR == NR && $1 == "[PBS-ALL]" && $2 == key {
      split($4, v, " "); m = $3
      if (m ~ /^PConsistentAt\((0|1|5|10)ms\)$/) { sub(/^PConsistentAt\(/, "", m); sub(/ms\)$/, "", m); p[m] = v[1] }
      if (m ~ /^(Write|Read)P(50|99)\(ms\)$/) { sub(/\(ms\)$/, "", m); p[m] = v[1] } }
    FNR != NR && $1 == "[STALENESS]" {
      m = $2
      if (m ~ /^PConsistentAt\((0|1|5|10)ms\)$/) { sub(/^PConsistentAt\(/, "", m); sub(/ms\)$/, "", m); q[m] = $3 }
      if (m ~ /^(Write|Read)P(50|99)\(ms\)$/) { sub(/\(ms\)$/, "", m); q[m] = $3 } }
    END {
      printf "%-14s %-6s %s / %s / %s / %s   %s/%s   %s/%s\n", label, "pred", p["0"], p["1"], p["5"], p["10"],
        p["WriteP50"], p["WriteP99"], p["ReadP50"], p["ReadP99"]
      printf "%-14s %-6s %s / %s / %s / %s   %s/%s   %s/%s\n", "", "meas", q["0"], q["1"], q["5"], q["10"],
        q["WriteP50"], q["WriteP99"], q["ReadP50"], q["ReadP99"] }' "$dir/ONE-ONE/out.txt" "$dir/$1-$2/out.txt"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
