# bin/bench soak [RATE] [DURATION]: a long run of the open model (default 20000/s for 1h), on the
# in-memory store and then on the embedded RocksDB store (100,000 records, workload A), sampled every
# window (a minute): the send lag (the median and the largest of the window's per-interval p99s, from
# timeseries.csv), the harness's own GC pauses and the heap after its collections (from the JVM's GC
# notifications, as result.json's sections.harnessGcPauses has them per minute), the process's RSS
# (/proc/PID/status), and the size of every output file. Then, for each, whether it stayed flat:
#   send lag     the last window's median p99 within 2x the first's
#   GC pauses    none longer than 10 ms
#   heap after   the last minute's within 1.25x the first's
#   RSS          the last sample within 1.25x the first's (after the first window)
#   output files each grows by the same bytes per window (the last window's growth within 25% of the
#                median window's): linear in time
# Sourced by bin/bench (set -euo pipefail, $here, $out, $JAVA_HOME set).
#
# Environment:
#   OPENMARK_SOAK_STORES    the stores, in turn ("memory rocksdb")
#   OPENMARK_SOAK_RECORDS   records (100000)
#   OPENMARK_SOAK_WINDOW    seconds a window (60; the smoke test uses fewer)
#   OPENMARK_JAVA_OPTS      the JVM's options beside bin/openmark's heap, e.g. a collector to try:
#                           "-XX:+UseZGC" (generational on JDK 25) or "-XX:+UseG1GC -XX:MaxGCPauseMillis=5"
#   OPENMARK_BENCH_CP       a class path to run openmark from (default: cli/target/openmark.jar)

rate="${1:-20000}"
duration="${2:-1h}"
stores=(${OPENMARK_SOAK_STORES:-memory rocksdb})
records="${OPENMARK_SOAK_RECORDS:-100000}"
window="${OPENMARK_SOAK_WINDOW:-60}"

if [ -z "${OPENMARK_BENCH_CP:-}" ]; then
  "$here/openmark" --version > /dev/null   # builds the jar if the sources changed
fi
read -r -a om_java <<< "--enable-native-access=ALL-UNNAMED $(openmark_heap_opts) ${OPENMARK_JAVA_OPTS:-}"
if [ -n "${OPENMARK_BENCH_CP:-}" ]; then
  om=("$JAVA_HOME/bin/java" "${om_java[@]}" -cp "$OPENMARK_BENCH_CP" org.openmark.cli.Main)
else
  om=("$JAVA_HOME/bin/java" "${om_java[@]}" -jar "$openmark_root/cli/target/openmark.jar")
fi

# flat LAST FIRST FACTOR: "flat" when LAST <= FACTOR * FIRST, else "grows"; "?" without figures
flat() {
  awk -v l="$1" -v f="$2" -v k="$3" 'BEGIN { if (l == "" || f == "" || f + 0 <= 0) print "?";
    else if (l + 0 <= k * f) print "flat"; else print "grows" }'
}

echo "soak: open model, workload A, $records records, $rate/s for $duration per store, windows of ${window}s;" \
  "JVM: ${om_java[*]}; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (a shared machine: say so)"
failed=0
for store in "${stores[@]}"; do
  dir="$out/soak-$store"; rm -rf "$dir" "$out/soak-$store-db"
  samples="$out/soak-$store-samples.tsv"; : > "$samples"
  extra=()
  [ "$store" = rocksdb ] && extra=(-p rocksdb.dir="$out/soak-$store-db")
  "${om[@]}" run --store "$store" "${extra[@]}" -P "$openmark_root/workloads/workloada" -p recordcount="$records" \
    --rate "$rate" --duration "$duration" --seed 1 --quiet --out "$dir" > "$out/soak-$store.txt" \
    2> "$out/soak-$store.err" &
  pid=$!
  trap 'kill "$pid" 2>/dev/null || true' EXIT   # a bench that ends early leaves no run behind
  # The run loads its records first (outside its measured window): the samples count from its start.
  n=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep "$window" & wait $! || true
    kill -0 "$pid" 2>/dev/null || break
    n=$((n + 1))
    rss=$(awk '/^VmRSS:/ {print int($2 / 1024)}' "/proc/$pid/status" 2>/dev/null || echo "")
    # a run that is ending (writing its results) is no sample of a running one
    [ -n "$rss" ] && [ ! -e "$dir/result.json" ] || continue
    # the files being written (under their temporary names until the end), name and bytes; none while the run
    # is still loading its records (its directory does not exist yet: find fails, which must not end the bench)
    files=$(find "$dir" -type f ! -name '.openmark-outputs' -printf '%f=%s ' 2>/dev/null \
      | sed 's/\.\([^ =]*\)\.tmp=/\1=/g' || true)
    printf '%s\t%s\t%s\n' "$n" "$rss" "$files" >> "$samples"
  done
  if wait "$pid"; then status=0; else status=$?; fi
  trap - EXIT
  if [ "$status" != 0 ] && [ "$status" != 3 ]; then   # 3: not valid, still a result
    echo "bin/bench soak: the run on $store ended with exit $status:" >&2; tail -5 "$out/soak-$store.err" >&2
    failed=1; continue
  fi
  json="$dir/result.json"
  echo "$store: $(sed -n 's/^\[OVERALL\], Throughput(ops\/sec), //p' "$out/soak-$store.txt") ops/s achieved," \
    "valid $(jq -r '.valid' "$json")"
  # per window: send-lag p99s of its intervals (one value per interval), median and largest
  lag=$(awk -F, -v w="$window" '
    function sortn(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t } }
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "send_lag_p99_us") c = i; next }
    $3 == "true" || seen[$1]++ { next }
    { k = int(($1 - 0.000001) / w); v[k] = v[k] " " $c; if (k > last) last = k }
    END { for (k = 0; k <= last; k++) { n = split(v[k], a, " "); if (n == 0) continue;
          sortn(a, n); printf "%d %s %s\n", k + 1, a[int((n + 1) / 2)], a[n] } }' "$dir/timeseries.csv")
  printf '  %-7s %-22s %-26s %-10s %s\n' window "send-lag p99 med/max" "GC pauses n/longest (ms)" "heap MiB" \
    "RSS MiB   files (bytes)"
  gc=$(jq -r '.sections.harnessGcPauses.perMinute[]? | "\(.minute) \(.pauses) \(.longestMs) \(.heapAfterMiB)"' "$json")
  while read -r k med max; do
    # GC per minute, shown on the window that holds its minute's start
    g=$(awk -v k="$k" -v w="$window" '$1 * 60 >= (k - 1) * w && $1 * 60 < k * w {print $2 "/" $3, $4}' <<< "$gc" | head -1)
    s=$(awk -F'\t' -v k="$k" '$1 == k {print $2 "\t" $3}' "$samples")
    printf '  %-7s %-22s %-26s %-10s %s\n' "$k" "$med/$max us" "${g:+${g% *}}" "${g:+${g##* }}" "${s:-	}"
  done <<< "$lag"
  first_lag=$(sed -n 1p <<< "$lag" | cut -d' ' -f2); last_lag=$(tail -1 <<< "$lag" | cut -d' ' -f2)
  longest=$(jq -r '.sections.harnessGcPauses.longestMs // ""' "$json")
  first_heap=$(head -1 <<< "$gc" | cut -d' ' -f4); last_heap=$(tail -1 <<< "$gc" | cut -d' ' -f4)
  first_rss=$(sed -n 2p "$samples" | cut -f2); last_rss=$(tail -1 "$samples" | cut -f2)
  echo "  send lag: $(flat "$last_lag" "$first_lag" 2) (last window's median p99 $last_lag us, first's $first_lag us)"
  echo "  GC pauses: $(jq -r '.sections.harnessGcPauses | "\(.pauses) pauses, \(.totalMs) ms in all"' "$json"), the" \
    "longest $longest ms: $(awk -v l="$longest" 'BEGIN { print (l == "" ? "?" : l + 0 <= 10 ? "none over 10 ms" : "over 10 ms") }')"
  echo "  heap after collection: $(flat "$last_heap" "$first_heap" 1.25) (first minute ${first_heap:-?} MiB, last ${last_heap:-?} MiB)"
  echo "  RSS: $(flat "$last_rss" "$first_rss" 1.25) (${first_rss:-?} MiB after the first window, ${last_rss:-?} MiB at the last)"
  # each file's growth per window: linear when the last window's is within 25% of the median's
  awk -F'\t' '
    function sortn(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t } }
    { n = split($3, f, " "); for (i = 1; i <= n; i++) { split(f[i], kv, "="); size[kv[1], $1] = kv[2];
      names[kv[1]] = 1 } if ($1 > last) last = $1 }
    END { for (name in names) { m = 0; for (k = 2; k <= last; k++) if ((name, k) in size && (name, k - 1) in size)
            g[++m] = size[name, k] - size[name, k - 1];
          if (m == 0) { printf "  %s: %s bytes at the end (too few windows to judge its growth)\n", name, size[name, last]; continue }
          lastg = g[m]; sortn(g, m); med = g[int((m + 1) / 2)];
          printf "  %s: %s bytes per window (median), the last window %s: %s\n", name, med, lastg,
            (med <= 0 ? "?" : (lastg >= 0.75 * med && lastg <= 1.25 * med ? "linear" : "not linear")) }
    }' "$samples" | sort
done
exit "$failed"
