# Membership changes of a cassandra cluster for bin/openmark-services: add-node, kill-node,
# start-node, decommission-node, remove-node. Sourced by services-cassandra.sh (uses its helpers).
#
# Each command returns when the cluster has done what a real cluster does for it, not when a
# process started: a node added has the cluster's schema before it streams and is Up/Normal with
# its ranges streamed; a node started again after a crash has had its hints replayed; a node
# decommissioned or removed has had its ranges streamed to the others. Each prints what it took
# and what moved (from the nodes' logs: the streaming sessions' own byte counts).

# A node's slot is up (its process runs), down (kill-node stopped it; its data stays) or removed
# (decommission-node or remove-node took it out of the ring; add-node may use the slot again).
cassandra_node_removed() { # DIR I
  [[ -f $1/node$2/removed ]]
}

# The slots that are members of the ring (up or down), one number a line.
cassandra_members() { # DIR
  local n i
  n=$(state_value "$1/state" nodes)
  for ((i = 1; i <= ${n:-0}; i++)); do
    cassandra_node_removed "$1" "$i" || echo "$i"
  done
}

# The members expected to run (not killed), one number a line.
cassandra_live() { # DIR
  local i
  for i in $(cassandra_members "$1"); do
    [[ -f $1/node$i/down ]] || echo "$i"
  done
}

cassandra_status() { # DIR
  local n i line=""
  n=$(state_value "$1/state" nodes)
  for ((i = 1; i <= ${n:-0}; i++)); do
    if cassandra_node_removed "$1" "$i"; then
      line+=" node$i=removed"
    elif cassandra_node_alive "$1" "$i"; then
      line+=" node$i=up"
    else
      line+=" node$i=down"
    fi
  done
  echo "${line# }"
}

cassandra_require() { # NAME
  local dir="$BASE_DIR/$1"
  [[ $(kind_of "$dir") == cassandra ]] || die "no cassandra service named '$1' under $BASE_DIR (start one: openmark-services start cassandra)"
}

# Exit 2 unless I is a member's slot (up or down).
cassandra_node_arg() { # DIR I
  local members
  members=$(cassandra_members "$1" | tr '\n' ' ')
  [[ $2 =~ ^[0-9]+$ ]] && grep -qw -- "$2" <<<"$members" ||
    { echo "openmark-services: NODE=$2: must be a node of the cluster: ${members% }" >&2; exit 2; }
}

# The lines of node I's log so far: what a command logs is counted from there.
cassandra_log_mark() { # DIR I
  wc -l <"$1/node$2/logs/system.log" 2>/dev/null || echo 0
}

# The lines of node I's log after MARK.
cassandra_log_since() { # DIR I MARK
  tail -n +"$(($3 + 1))" "$1/node$2/logs/system.log" 2>/dev/null || true
}

# Seconds since the epoch of a log line's timestamp (YYYY-MM-DD HH:MM:SS,mmm), to the millisecond.
cassandra_log_time() { # LINE
  local stamp
  stamp=$(grep -oE '[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2},[0-9]{3}' <<<"$1" | head -n1)
  [[ -n $stamp ]] || return 1
  echo "$(date -d "${stamp%,*}" +%s).${stamp#*,}"
}

# What streaming sessions moved, from log lines: "F files, B bytes" summed over the sessions'
# "Prepare completed. Receiving F files(SIZE), sending ..." lines (FIELD=receiving) or their
# sending part (FIELD=sending); identical lines (a session logs its summary once per thread) once.
cassandra_streamed() { # FIELD < LOG_LINES
  grep -oE 'Stream #[^]]*\] Prepare completed\. Receiving [0-9]+ files\([^)]*\), sending [0-9]+ files\([^)]*\)' |
    sort -u | awk -v field="$1" '
      function bytes(s,   n, u) {
        n = s + 0; u = s; sub(/^[0-9.]+/, "", u)
        if (u == "KiB") n *= 1024; else if (u == "MiB") n *= 1048576; else if (u == "GiB") n *= 1073741824
        return n
      }
      {
        match($0, /Receiving [0-9]+ files\([^)]*\)/); r = substr($0, RSTART + 10, RLENGTH - 10)
        match($0, /sending [0-9]+ files\([^)]*\)/); s = substr($0, RSTART + 8, RLENGTH - 8)
        part = field == "sending" ? s : r
        split(part, a, / files\(/); sub(/\)$/, "", a[2])
        files += a[1]; total += bytes(a[2])
      }
      END { printf "%d files, %d bytes\n", files, total }'
}

# "1.5 MiB" for a byte count.
cassandra_human_bytes() { # BYTES
  awk -v b="$1" 'BEGIN { split("B KiB MiB GiB", u, " "); i = 1; while (b >= 1024 && i < 4) { b /= 1024; i++ }
    printf (i == 1 ? "%d %s\n" : "%.1f %s\n"), b, u[i] }'
}

# Node I's own figure of the data it holds (nodetool info's Load: local, not gossip's minute-old copy).
cassandra_node_load() { # DIR I
  cassandra_nodetool "$1" "$2" info 2>/dev/null | sed -n 's/^Load *: *//p' | head -n1
}

# Waits until node I agrees with every live member on one schema version (nodetool describecluster
# on node I): a node that streams before it has the keyspaces streams nothing of them.
cassandra_wait_schema() { # DIR I
  local dir=$1 i=$2 out versions ip missing deadline=$((SECONDS + CASSANDRA_TIMEOUT_SECONDS))
  while :; do
    out=$(cassandra_nodetool "$dir" "$i" describecluster 2>&1) || out=""
    versions=$(grep -E '^[[:space:]]+[0-9a-f-]{36}: \[' <<<"$out" || true)
    missing=""
    for ip in $(for m in $(cassandra_live "$dir"); do cassandra_ip "$m"; done); do
      grep -qE "[[ ]$ip[],:]" <<<"$versions" || missing+=" $ip"
    done
    [[ $(grep -c . <<<"$versions") == 1 && -z $missing ]] && return 0
    cassandra_node_alive "$dir" "$i" || die "cassandra node $i exited before it joined; see $dir/node$i/logs/system.log"
    ((SECONDS < deadline)) || { echo "$out" >&2; die "cassandra node $i did not agree with the cluster on its schema within ${CASSANDRA_TIMEOUT_SECONDS} s (its describecluster above)"; }
    sleep 1
  done
}

# The slot add-node takes: the lowest removed one, else one more.
cassandra_free_slot() { # DIR
  local n i
  n=$(state_value "$1/state" nodes)
  for ((i = 1; i <= n; i++)); do
    if cassandra_node_removed "$1" "$i"; then echo "$i"; return 0; fi
  done
  echo $((n + 1))
}

# A node that left is ignored by the others' gossip for twice the ring delay (its quarantine): a new
# node on its address must wait that out, or the others would not hear of it.
cassandra_wait_quarantine() { # DIR I
  local left wait
  left=$(cat "$1/node$2/removed" 2>/dev/null) || return 0
  wait=$((left + 2 * CASSANDRA_RING_DELAY_MS / 1000 + 2 - $(date +%s)))
  if ((wait > 0)); then
    info "waiting $wait s: node $2's address left the ring at $(date -d "@$left" +%T), and the others ignore it for $((2 * CASSANDRA_RING_DELAY_MS / 1000)) s (gossip quarantine)"
    sleep "$wait"
  fi
}

# add-node NAME: a new node joins the ring and bootstraps: it streams its ranges from the others.
# It starts outside the ring (join_ring=false), joins once it has the cluster's schema (nodetool
# join, which returns when the bootstrap streamed everything), and the command returns when every
# node sees it Up/Normal.
cmd_add_node() { # NAME
  local name=$1 dir="$BASE_DIR/$1" n i started=$SECONDS schema_s join_started log streamed from to
  cassandra_require "$name"
  n=$(state_value "$dir/state" nodes)
  i=$(cassandra_free_slot "$dir")
  ((i <= CASSANDRA_MAX_NODES)) || die "cassandra '$name' has $n nodes; at most $CASSANDRA_MAX_NODES are supported"
  cassandra_wait_quarantine "$dir" "$i"
  rm -rf "$dir/node$i"
  cassandra_prepare_node "$dir" "$i" true
  ((i <= n)) || sed -i "s/^nodes=.*/nodes=$i/" "$dir/state"
  info "adding cassandra node $i on $(cassandra_ip "$i"): it joins once it has the cluster's schema, then bootstraps (streams its token ranges)"
  cassandra_launch_node "$dir" "$i" -Dcassandra.join_ring=false
  cassandra_wait_schema "$dir" "$i"
  schema_s=$((SECONDS - started))
  join_started=$SECONDS
  if ! timeout "$CASSANDRA_TIMEOUT_SECONDS" "$dir/nodetool" -n "$i" join >"$dir/node$i/join.out" 2>&1; then
    cassandra_nodetool_error "$dir/node$i/join.out"
    grep -E 'ERROR|Exception' "$dir/node$i/logs/system.log" | tail -n 5 >&2 || true
    cassandra_kill_node "$dir" "$i"
    date +%s >"$dir/node$i/removed"
    die "cassandra node $i did not join (nodetool join failed or took more than ${CASSANDRA_TIMEOUT_SECONDS} s); it was stopped; see $dir/node$i/logs/system.log"
  fi
  # a node started outside the ring does not start its native transport (CQL) when it joins
  cassandra_nodetool "$dir" "$i" enablebinary >/dev/null 2>&1 || true
  cassandra_wait_cql "$dir" "$i"
  cassandra_wait_ring "$dir"
  cassandra_write_properties "$dir" "$name"
  log=$(cassandra_log_since "$dir" "$i" 0)
  streamed=$(cassandra_streamed receiving <<<"$log")
  from=$(cassandra_log_time "$(grep -m1 'Executing streaming plan for Bootstrap' <<<"$log")") || from=""
  to=$(cassandra_log_time "$(grep -m1 'Bootstrap completed' <<<"$log")") || to=""
  info "node $i joined after $((SECONDS - started)) s: schema agreed after $schema_s s; bootstrap $((SECONDS - join_started)) s" \
    "(ring delay $((CASSANDRA_RING_DELAY_MS / 1000)) s, streaming $(cassandra_seconds_between "$from" "$to") s:" \
    "${streamed%%,*} received, $(cassandra_human_bytes "${streamed##*, }"); its load $(cassandra_node_load "$dir" "$i"))"
  print_properties "$name"
}

# "1.234" seconds between two cassandra_log_time values, or "?" when one is missing.
cassandra_seconds_between() { # FROM TO
  [[ -n $1 && -n $2 ]] || { echo "?"; return 0; }
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f\n", b - a }'
}

# kill-node NAME I: kills node I at once (SIGKILL), as a crash; its data stays for start-node.
cmd_kill_node() { # NAME I
  local dir="$BASE_DIR/$1"
  cassandra_require "$1"
  cassandra_node_arg "$dir" "$2"
  cassandra_kill_node "$dir" "$2"
  touch "$dir/node$2/down"
  info "cassandra node $2 ($(cassandra_ip "$2")) killed"
}

# The hint files the live nodes other than I hold for node I (their nodetool listpendinghints).
cassandra_pending_hints() { # DIR I
  local dir=$1 i=$2 l ip files=0 f
  ip=$(cassandra_ip "$i")
  for l in $(cassandra_live "$dir"); do
    [[ $l == "$i" ]] && continue
    f=$(cassandra_nodetool "$dir" "$l" listpendinghints 2>/dev/null | awk -v ip="$ip" '
      { for (k = 1; k <= NF; k++) if ($k == ip || index($k, ip ":") == 1) { print $(k + 4); exit } }')
    [[ $f =~ ^[0-9]+$ ]] && files=$((files + f))
  done
  echo "$files"
}

# start-node NAME I: starts a killed node again on its data; returns when every node sees it
# Up/Normal and the others have replayed the hints they kept for it while it was down.
cmd_start_node() { # NAME I
  local dir="$BASE_DIR/$1" i=$2 started=$SECONDS hints pending up_s deadline
  cassandra_require "$1"
  cassandra_node_arg "$dir" "$i"
  if cassandra_node_alive "$dir" "$i"; then
    info "cassandra node $i is running"
    return 0
  fi
  cassandra_launch_node "$dir" "$i"
  cassandra_wait_cql "$dir" "$i"
  cassandra_wait_ring "$dir"
  up_s=$((SECONDS - started))
  # a hint waits in memory up to hints_flush_period (10 s) before it is in a file
  # listpendinghints shows: the count is taken after that, and again until none is left
  sleep "$CASSANDRA_HINTS_FLUSH_SECONDS"
  hints=$(cassandra_pending_hints "$dir" "$i")
  pending=$hints
  deadline=$((SECONDS + CASSANDRA_TIMEOUT_SECONDS))
  while ((pending > 0)); do
    ((SECONDS < deadline)) || die "cassandra node $i is up, but the others still hold $pending hint files for it after ${CASSANDRA_TIMEOUT_SECONDS} s (nodetool listpendinghints)"
    sleep 1
    pending=$(cassandra_pending_hints "$dir" "$i")
  done
  info "cassandra node $i ($(cassandra_ip "$i")) is up again after $up_s s;" \
    "$( ((hints > 0)) && echo "the others replayed $hints hint files for it $((SECONDS - started - up_s)) s later" || echo "the others held no hints for it")"
}

# Takes node I out of the slots: its process and data go, its log stays.
cassandra_retire_node() { # DIR NAME I
  cassandra_kill_node "$1" "$3"
  rm -rf "$1/node$3/data" "$1/node$3/commitlog" "$1/node$3/hints" "$1/node$3/saved_caches" "$1/node$3/cdc_raw"
  rm -f "$1/node$3/down" "$1/node$3/pid"
  date +%s >"$1/node$3/removed"
  cassandra_write_properties "$1" "$2"
}

# decommission-node NAME I: node I streams its ranges to the nodes that take them over, leaves
# the ring and stops. Cassandra refuses when fewer nodes would remain than a keyspace's replicas.
cmd_decommission_node() { # NAME I
  local name=$1 dir="$BASE_DIR/$1" i=$2 started=$SECONDS mark log streamed
  cassandra_require "$name"
  cassandra_node_arg "$dir" "$i"
  cassandra_node_alive "$dir" "$i" || die "cassandra node $i is down: start-node it first, or remove-node $i takes its ranges from the other replicas"
  mark=$(cassandra_log_mark "$dir" "$i")
  info "decommissioning cassandra node $i ($(cassandra_ip "$i")): it streams its ranges to the others and leaves"
  if ! timeout "$CASSANDRA_TIMEOUT_SECONDS" "$dir/nodetool" -n "$i" decommission >"$dir/node$i/decommission.out" 2>&1; then
    cassandra_nodetool_error "$dir/node$i/decommission.out"
    die "cassandra node $i was not decommissioned (nodetool decommission failed or took more than ${CASSANDRA_TIMEOUT_SECONDS} s); it still runs"
  fi
  log=$(cassandra_log_since "$dir" "$i" "$mark")
  streamed=$(cassandra_streamed sending <<<"$log")
  cassandra_retire_node "$dir" "$name" "$i"
  cassandra_wait_ring "$dir"
  info "node $i left after $((SECONDS - started)) s: it streamed ${streamed%%,*}, $(cassandra_human_bytes "${streamed##*, }")"
  print_properties "$name"
}

# Waits until node VIA's failure detector has convicted node I (DN in its nodetool status): until
# then Cassandra refuses to remove a node it believes alive.
cassandra_wait_seen_down() { # DIR VIA I
  local deadline=$((SECONDS + CASSANDRA_TIMEOUT_SECONDS)) ip
  ip=$(cassandra_ip "$3")
  until cassandra_nodetool "$1" "$2" status 2>/dev/null | grep -qE "^D. +$ip "; do
    ((SECONDS < deadline)) || die "node $2 still believes node $3 alive after ${CASSANDRA_TIMEOUT_SECONDS} s"
    sleep 1
  done
}

# The lines nodetool printed before its stack trace.
cassandra_nodetool_error() { # FILE
  sed '/^-- StackTrace --/,$d' "$1" >&2
}

# remove-node NAME I: takes a dead node out of the ring; the remaining replicas stream among
# themselves the copies it held (nodetool removenode on a live node).
cmd_remove_node() { # NAME I
  local name=$1 dir="$BASE_DIR/$1" i=$2 started=$SECONDS via="" host l marks=() logs="" streamed
  cassandra_require "$name"
  cassandra_node_arg "$dir" "$i"
  ! cassandra_node_alive "$dir" "$i" || die "cassandra node $i is running: kill-node $i first (remove-node takes a dead node out), or decommission-node $i"
  for l in $(cassandra_live "$dir"); do
    [[ -n $via ]] || via=$l
    marks[l]=$(cassandra_log_mark "$dir" "$l")
  done
  [[ -n $via ]] || die "no live cassandra node to remove node $i through"
  host=$(cassandra_nodetool "$dir" "$via" status 2>/dev/null | awk -v ip="$(cassandra_ip "$i")" '
    $2 == ip { for (k = 3; k <= NF; k++) if ($k ~ /^[0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+$/) { print $k; exit } }')
  [[ -n $host ]] || die "node $i ($(cassandra_ip "$i")) is not in node $via's nodetool status"
  cassandra_wait_seen_down "$dir" "$via" "$i"
  info "removing cassandra node $i ($(cassandra_ip "$i"), host id $host) through node $via: the other replicas stream its copies"
  if ! timeout "$CASSANDRA_TIMEOUT_SECONDS" "$dir/nodetool" -n "$via" removenode "$host" >"$dir/node$i/removenode.out" 2>&1; then
    cassandra_nodetool_error "$dir/node$i/removenode.out"
    die "cassandra node $i was not removed (nodetool removenode failed or took more than ${CASSANDRA_TIMEOUT_SECONDS} s)"
  fi
  for l in "${!marks[@]}"; do logs+=$(cassandra_log_since "$dir" "$l" "${marks[l]}")$'\n'; done
  streamed=$(cassandra_streamed receiving <<<"$logs")
  cassandra_retire_node "$dir" "$name" "$i"
  cassandra_wait_ring "$dir"
  info "node $i removed after $((SECONDS - started)) s: the others streamed ${streamed%%,*}, $(cassandra_human_bytes "${streamed##*, }")"
  print_properties "$name"
}
