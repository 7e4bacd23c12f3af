# Apache Cassandra for bin/openmark-services: a cluster of nodes on 127.0.0.1, 127.0.0.2, ...
# Sourced by bin/openmark-services (uses its die, info, state_value, process_gone, wait_until).
#
# The server is org.apache.cassandra:cassandra-all and its dependencies from Maven Central,
# resolved once into ${OPENMARK_CACHE:-$HOME/.cache/openmark}/cassandra-VERSION/lib (a generated
# pom and dependency:copy-dependencies; nothing fetched lands in the repository). It needs Java
# 11 or 17 (not 21+: "Setting a system-wide Policy object is not supported"); Debian's
# openjdk-17-jre-headless is installed when missing and we are root.
#
# Every node has its own loopback address, so all nodes share the same free ports: the CQL
# (native transport) port and the storage (gossip, messaging) port. Each node gets its own JMX
# port on 127.0.0.1 (for nodetool). Layout under $BASE_DIR/NAME:
#   state                   kind, version, java, lib, ports, node count
#   conf/logback*.xml       logging (each node writes NODE/logs/system.log)
#   nodetool                a wrapper: NAME/nodetool [-n I] ARGS... (node I's JMX, default 1)
#   nodeI/cassandra.yaml    one configuration per node; nodeI/{data,commitlog,...} its files
#   nodeI/pid, nodeI/down   the node's process id; "down" when kill-node stopped it

CASSANDRA_VERSION="${OPENMARK_CASSANDRA_VERSION:-5.0.6}"
CASSANDRA_HEAP="${OPENMARK_CASSANDRA_HEAP:-256M}"
# Starting a node takes 15-40 s on a small machine; several at once share its cores.
CASSANDRA_TIMEOUT_SECONDS="${OPENMARK_SERVICES_TIMEOUT:-240}"
CASSANDRA_DATACENTER=datacenter1
# More than this many nodes and loopback addresses become hard to tell from other users' servers.
CASSANDRA_MAX_NODES=9
# Ring delay (ms): how long a node trusts gossip to have spread. Every node gets Cassandra's
# default, 30 s, because it is on both sides of a join: a joining node waits up to it for the
# cluster's schema and sleeps it so that the others learn its pending ranges before it streams,
# and the others drop a joining node that stayed silent that long ("FatClient ... removing from
# gossip"). With the 1 s this script once gave every node, node 4 declared its schema complete
# 5.6 s before it had pulled the workload's keyspace, and the others dropped it two to three times
# while it joined (issue 39): a join that streams nothing, or misses the writes made meanwhile.
CASSANDRA_RING_DELAY_MS="${OPENMARK_CASSANDRA_RING_DELAY_MS:-30000}"
# How long a node keeps hints in memory before they are in a file (Cassandra's default
# hints_flush_period): start-node counts the hints kept for a node from the files.
CASSANDRA_HINTS_FLUSH_SECONDS=10
# The first nodes start together, none bootstrapping: there is no gossip to wait for to settle.
CASSANDRA_FIRST_START=(-Dcassandra.skip_wait_for_gossip_to_settle=0)

# The module exports and opens of Cassandra 5.0's conf/jvm17-server.options, which a JDK 17
# needs for the server and for nodetool.
CASSANDRA_JPMS=(
  -Djdk.attach.allowAttachSelf=true
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
  --add-exports java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
  --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports java.rmi/sun.rmi.server=ALL-UNNAMED
  --add-exports java.sql/java.sql=ALL-UNNAMED
  --add-exports java.base/java.lang.ref=ALL-UNNAMED
  --add-exports jdk.unsupported/sun.misc=ALL-UNNAMED
  --add-exports jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
  --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
  --add-opens java.base/java.lang.module=ALL-UNNAMED
  --add-opens java.base/jdk.internal.loader=ALL-UNNAMED
  --add-opens java.base/jdk.internal.ref=ALL-UNNAMED
  --add-opens java.base/jdk.internal.reflect=ALL-UNNAMED
  --add-opens java.base/jdk.internal.math=ALL-UNNAMED
  --add-opens java.base/jdk.internal.module=ALL-UNNAMED
  --add-opens java.base/jdk.internal.util.jar=ALL-UNNAMED
  --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED
  --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens java.base/java.io=ALL-UNNAMED
  --add-opens java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens jdk.compiler/com.sun.tools.javac=ALL-UNNAMED
  --add-opens java.base/java.lang=ALL-UNNAMED
  --add-opens java.base/java.util=ALL-UNNAMED
  -Dio.netty.tryReflectionSetAccessible=true
  -Djava.net.preferIPv4Stack=true
)

cassandra_ip() { # I
  echo "127.0.0.$1"
}

cassandra_port_in_use() { # PORT
  local i
  for ((i = 1; i <= CASSANDRA_MAX_NODES; i++)); do
    (exec 3<>"/dev/tcp/$(cassandra_ip "$i")/$1") 2>/dev/null && return 0
  done
  return 1
}

# A port free on every node address (all nodes listen on the same port, each on its own address),
# below the kernel's ephemeral range: a port an outgoing connection holds cannot be bound, and a
# node that cannot bind its JMX or storage port exits ("Port already in use").
cassandra_pick_port() {
  local port tries first=20000 span=40000 ephemeral
  ephemeral=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true)
  if [[ $ephemeral =~ ^[0-9]+$ ]] && ((ephemeral > first + 2000)); then span=$((ephemeral - first)); fi
  for ((tries = 0; tries < 200; tries++)); do
    port=$((first + (RANDOM * 32768 + RANDOM) % span))
    if ! cassandra_port_in_use "$port"; then
      echo "$port"
      return 0
    fi
  done
  die "no port free on 127.0.0.1-$CASSANDRA_MAX_NODES"
}

# Prints a java binary that runs Cassandra 5.0: Java 17 (or 11); installs Debian's JRE 17 as root.
cassandra_java() {
  local candidate major
  for candidate in "${OPENMARK_CASSANDRA_JAVA:-}" /usr/lib/jvm/java-17-openjdk-*/bin/java \
    /usr/lib/jvm/*17*/bin/java /usr/lib/jvm/java-11-openjdk-*/bin/java "$(command -v java 2>/dev/null || true)"; do
    [[ -n $candidate && -x $candidate ]] || continue
    major=$("$candidate" -version 2>&1 | awk -F'"' '/version/ {split($2, v, "."); print v[1]; exit}')
    if [[ $major == 17 || $major == 11 ]]; then
      echo "$candidate"
      return 0
    fi
  done
  [[ -z ${OPENMARK_CASSANDRA_JAVA:-} ]] || die "OPENMARK_CASSANDRA_JAVA=$OPENMARK_CASSANDRA_JAVA: not a Java 11 or 17 binary (Cassandra $CASSANDRA_VERSION runs on 11 or 17 only)"
  install_package openjdk-17-jre-headless "Java 17 (Cassandra $CASSANDRA_VERSION runs on Java 11 or 17, not on 21+)" >&2
  for candidate in /usr/lib/jvm/java-17-openjdk-*/bin/java; do
    [[ -x $candidate ]] && { echo "$candidate"; return 0; }
  done
  die "no /usr/lib/jvm/java-17-openjdk-*/bin/java after installing openjdk-17-jre-headless"
}

# Prints the directory holding the server's jars, resolving them through Maven on first use.
cassandra_lib() {
  local cache="${OPENMARK_CACHE:-$HOME/.cache/openmark}/cassandra-$CASSANDRA_VERSION" started=$SECONDS
  if [[ -f $cache/lib/.complete ]]; then
    echo "$cache/lib"
    return 0
  fi
  command -v mvn >/dev/null || install_package maven "Maven (mvn, resolves the Cassandra server's jars)" >&2
  mkdir -p "$cache"
  (
    # one download at a time; a second start waits and then finds the jars
    exec 8>"$cache/.lock"
    flock 8
    [[ -f $cache/lib/.complete ]] && exit 0
    info "resolving org.apache.cassandra:cassandra-all:$CASSANDRA_VERSION and its dependencies into $cache/lib (once)"
    cat >"$cache/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <!-- generated by bin/openmark-services to resolve the Cassandra server's jars -->
  <groupId>org.openmark.services</groupId><artifactId>cassandra-server</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.cassandra</groupId><artifactId>cassandra-all</artifactId><version>$CASSANDRA_VERSION</version></dependency>
  </dependencies>
</project>
EOF
    rm -rf "$cache/lib"
    # shellcheck disable=SC2086 # OPENMARK_MAVEN_ARGS is a list of arguments
    if ! mvn -B -q -f "$cache/pom.xml" ${OPENMARK_MAVEN_ARGS:-} dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$cache/lib" >"$cache/mvn.log" 2>&1; then
      tail -n 20 "$cache/mvn.log" >&2
      die "resolving cassandra-all:$CASSANDRA_VERSION through Maven failed; see $cache/mvn.log"
    fi
    touch "$cache/lib/.complete"
    info "resolved $(ls "$cache/lib" | wc -l) jars in $((SECONDS - started)) s"
  ) 8>&- || exit 1
  echo "$cache/lib"
}

cassandra_write_logback() { # DIR
  mkdir -p "$1/conf"
  cat >"$1/conf/logback.xml" <<'EOF'
<configuration scan="false">
  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
    <file>${cassandra.logdir}/system.log</file>
    <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
  </appender>
  <root level="INFO"><appender-ref ref="FILE"/></root>
  <logger name="org.apache.cassandra" level="INFO"/>
</configuration>
EOF
  cat >"$1/conf/logback-tools.xml" <<'EOF'
<configuration scan="false">
  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%-5level %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="STDERR"/></root>
</configuration>
EOF
}

CASSANDRA_TOKENS_PER_NODE=8

# The tokens of initial node I of N, interleaved evenly over the Murmur3 ring. Nodes that start
# together without bootstrapping would otherwise draw the same tokens from the allocator (it sees
# the same ring) and take each other's ownership.
cassandra_initial_tokens() { # I N
  local i=$1 n=$2 k idx half tokens="" t
  half=$((9223372036854775807 / (n * CASSANDRA_TOKENS_PER_NODE)))
  for ((k = 0; k < CASSANDRA_TOKENS_PER_NODE; k++)); do
    idx=$((k * n + i - 1))
    t=$((-9223372036854775807 + idx * half))
    t=$((t + idx * half))
    tokens+="${tokens:+,}$t"
  done
  echo "$tokens"
}

cassandra_write_yaml() { # DIR I AUTO_BOOTSTRAP
  local dir=$1 i=$2 nd="$1/node$2" ip storage native seeds="" s seed_count tokens
  ip=$(cassandra_ip "$i")
  storage=$(state_value "$dir/state" storage_port)
  native=$(state_value "$dir/state" port)
  seed_count=$(state_value "$dir/state" seeds)
  for ((s = 1; s <= seed_count; s++)); do seeds+="${seeds:+,}$(cassandra_ip "$s"):$storage"; done
  if [[ $3 == false ]]; then
    tokens="initial_token: $(cassandra_initial_tokens "$i" "$(state_value "$dir/state" nodes)")"
  else
    tokens="allocate_tokens_for_local_replication_factor: 3"
  fi
  mkdir -p "$nd/data" "$nd/commitlog" "$nd/saved_caches" "$nd/hints" "$nd/cdc_raw" "$nd/logs"
  cat >"$nd/cassandra.yaml" <<EOF
# node $i of a throwaway cluster written by bin/openmark-services
cluster_name: openmark
num_tokens: $CASSANDRA_TOKENS_PER_NODE
$tokens
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
auto_bootstrap: $3
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "$seeds"
listen_address: $ip
rpc_address: $ip
storage_port: $storage
native_transport_port: $native
endpoint_snitch: SimpleSnitch
data_file_directories:
  - $nd/data
commitlog_directory: $nd/commitlog
saved_caches_directory: $nd/saved_caches
hints_directory: $nd/hints
cdc_raw_directory: $nd/cdc_raw
commitlog_sync: periodic
commitlog_sync_period: 10000ms
commitlog_segment_size: 8MiB
# small: a node runs in a $CASSANDRA_HEAP heap beside the others on one machine
memtable_heap_space: 32MiB
memtable_offheap_space: 32MiB
key_cache_size: 8MiB
concurrent_compactors: 1
concurrent_reads: 16
concurrent_writes: 16
# throwaway data: TRUNCATE and DROP need no snapshot
auto_snapshot: false
# the traces openmark reads for PBS live a day, not the default week
trace_type_query_ttl: 1d
trace_type_repair_ttl: 1d
# hints wait in memory this long before listpendinghints (and start-node) sees them
hints_flush_period: ${CASSANDRA_HINTS_FLUSH_SECONDS}s
EOF
}

# Starts node I in the background (its files must exist), with extra JVM options.
cassandra_launch_node() { # DIR I [JVM_OPTION...]
  local dir=$1 i=$2 nd="$1/node$2" java lib jmx
  shift 2
  java=$(state_value "$dir/state" java)
  lib=$(state_value "$dir/state" lib)
  jmx=$(state_value "$nd/node.state" jmx_port)
  rm -f "$nd/down"
  nohup "$java" -Xms"$CASSANDRA_HEAP" -Xmx"$CASSANDRA_HEAP" -Xss256k \
    -XX:+UseG1GC -XX:+ParallelRefProcEnabled -XX:MaxTenuringThreshold=1 -XX:MaxGCPauseMillis=300 \
    -XX:+ExitOnOutOfMemoryError -XX:+PerfDisableSharedMem \
    -XX:MaxDirectMemorySize=256M -XX:CICompilerCount=2 \
    "${CASSANDRA_JPMS[@]}" -Dio.netty.allocator.useCacheForAllThreads=true -Dio.netty.allocator.maxOrder=11 \
    -Dcassandra.ring_delay_ms="$CASSANDRA_RING_DELAY_MS" "$@" \
    -Dcassandra.config="file://$nd/cassandra.yaml" -Dcassandra.storagedir="$nd" -Dcassandra.logdir="$nd/logs" \
    -Dlogback.configurationFile="$dir/conf/logback.xml" -Dcassandra.jmx.local.port="$jmx" \
    -Dcassandra-foreground=yes \
    -cp "$lib/*" org.apache.cassandra.service.CassandraDaemon >"$nd/logs/stdout.log" 2>&1 9>&- 8>&- </dev/null &
  echo $! >"$nd/pid"
}

cassandra_node_alive() { # DIR I
  local pid
  pid=$(cat "$1/node$2/pid" 2>/dev/null) || return 1
  [[ -n $pid ]] && ! process_gone "$pid"
}

cassandra_cql_open() { # IP PORT
  (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

cassandra_nodetool() { # DIR I ARGS...
  local dir=$1 i=$2 java lib jmx
  shift 2
  java=$(state_value "$dir/state" java)
  lib=$(state_value "$dir/state" lib)
  jmx=$(state_value "$dir/node$i/node.state" jmx_port)
  "$java" -Xmx128M -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "${CASSANDRA_JPMS[@]}" \
    -Dlogback.configurationFile="$dir/conf/logback-tools.xml" -cp "$lib/*" \
    org.apache.cassandra.tools.NodeTool -h 127.0.0.1 -p "$jmx" "$@"
}

# Waits until node I answers CQL, or fails naming its log; stops early when the process dies.
cassandra_wait_cql() { # DIR I
  local dir=$1 i=$2 port deadline=$((SECONDS + CASSANDRA_TIMEOUT_SECONDS))
  port=$(state_value "$dir/state" port)
  until cassandra_cql_open "$(cassandra_ip "$i")" "$port"; do
    if ! cassandra_node_alive "$dir" "$i"; then
      tail -n 15 "$dir/node$i/logs/stdout.log" >&2 || true
      die "cassandra node $i ($(cassandra_ip "$i")) exited while starting; see $dir/node$i/logs/system.log"
    fi
    ((SECONDS < deadline)) || die "cassandra node $i ($(cassandra_ip "$i")) did not answer CQL on port $port within ${CASSANDRA_TIMEOUT_SECONDS} s; see $dir/node$i/logs/system.log"
    sleep 0.5
  done
}

# Waits until every live node sees every live node Up and Normal (UN in its nodetool status): a
# client learns the cluster from the peers of whichever node it reaches first, and right after a
# start one node can already see all while another does not yet.
cassandra_wait_ring() { # DIR
  local dir=$1 expected i seen out live deadline=$((SECONDS + CASSANDRA_TIMEOUT_SECONDS))
  live=$(cassandra_live "$dir")
  expected=$(wc -w <<<"$live")
  for i in $live; do
    while :; do
      out=$(cassandra_nodetool "$dir" "$i" status 2>&1) || true
      seen=$(grep -c '^UN ' <<<"$out" || true)
      ((seen >= expected)) && break
      ((SECONDS < deadline)) || { echo "$out" >&2; die "cassandra node $i sees only $seen of $expected nodes Up/Normal after ${CASSANDRA_TIMEOUT_SECONDS} s (its nodetool status above)"; }
      sleep 1
    done
  done
}

cassandra_write_properties() { # DIR NAME
  local dir=$1 name=$2 i hosts=""
  for i in $(cassandra_members "$dir"); do hosts+="${hosts:+,}$(cassandra_ip "$i")"; done
  printf 'cassandra.hosts=%s\ncassandra.port=%s\ncassandra.datacenter=%s\n' \
    "$hosts" "$(state_value "$dir/state" port)" "$CASSANDRA_DATACENTER" >"$dir/$name.properties"
}

cassandra_write_nodetool_wrapper() { # DIR
  local dir=$1
  cat >"$dir/nodetool" <<EOF
#!/usr/bin/env bash
# nodetool for the cluster in $dir: nodetool [-n NODE] ARGS... (default node 1)
node=1
if [[ \${1:-} == -n ]]; then node=\$2; shift 2; fi
jmx=\$(sed -n 's/^jmx_port=//p' "$dir/node\$node/node.state")
exec "$(state_value "$dir/state" java)" -Xmx128M -XX:+UseSerialGC -XX:TieredStopAtLevel=1 ${CASSANDRA_JPMS[*]} \\
  -Dlogback.configurationFile="$dir/conf/logback-tools.xml" -cp "$(state_value "$dir/state" lib)/*" \\
  org.apache.cassandra.tools.NodeTool -h 127.0.0.1 -p "\$jmx" "\$@"
EOF
  chmod +x "$dir/nodetool"
}

# Creates node I's files: its JMX port and its cassandra.yaml.
cassandra_prepare_node() { # DIR I AUTO_BOOTSTRAP
  mkdir -p "$1/node$2"
  printf 'jmx_port=%s\n' "$(cassandra_pick_port)" >"$1/node$2/node.state"
  cassandra_write_yaml "$1" "$2" "$3"
}


start_cassandra() { # NAME NODES
  local name=$1 nodes=$2 dir="$BASE_DIR/$1" java lib i started=$SECONDS
  java=$(cassandra_java)
  lib=$(cassandra_lib)
  printf 'kind=cassandra\nversion=%s\njava=%s\nlib=%s\nport=%s\nstorage_port=%s\nnodes=%s\nseeds=%s\n' \
    "$CASSANDRA_VERSION" "$java" "$lib" "$(cassandra_pick_port)" "$(cassandra_pick_port)" "$nodes" \
    "$((nodes < 3 ? nodes : 3))" >"$dir/state"
  cassandra_write_logback "$dir"
  cassandra_write_nodetool_wrapper "$dir"
  for ((i = 1; i <= nodes; i++)); do
    cassandra_prepare_node "$dir" "$i" false
  done
  # The first seed alone, then the others together: nodes that do not bootstrap may join at once.
  info "starting cassandra $CASSANDRA_VERSION node 1 of $nodes on $(cassandra_ip 1) ($java)"
  cassandra_launch_node "$dir" 1 "${CASSANDRA_FIRST_START[@]}"
  cassandra_wait_cql "$dir" 1
  if ((nodes > 1)); then
    info "node 1 is up after $((SECONDS - started)) s; starting nodes 2-$nodes"
    for ((i = 2; i <= nodes; i++)); do cassandra_launch_node "$dir" "$i" "${CASSANDRA_FIRST_START[@]}"; done
    for ((i = 2; i <= nodes; i++)); do cassandra_wait_cql "$dir" "$i"; done
  fi
  cassandra_wait_ring "$dir"
  info "all $nodes cassandra nodes are up and normal after $((SECONDS - started)) s"
  cassandra_write_properties "$dir" "$name"
}

cassandra_running() { # DIR
  local i
  [[ -n $(state_value "$1/state" nodes) ]] || return 1
  for i in $(cassandra_live "$1"); do
    cassandra_node_alive "$1" "$i" || return 1
  done
}

# Kills node I's process, if that process is still node I's (a pid file can outlive its process,
# and the number be given to another).
cassandra_kill_node() { # DIR I
  local pid
  pid=$(cat "$1/node$2/pid" 2>/dev/null) || return 0
  [[ -n $pid ]] && { tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | grep -qF "$1/node$2/cassandra.yaml" || return 0
  kill -9 "$pid" 2>/dev/null || true
  wait_until process_gone "$pid" || true
}

# The data is thrown away, so the nodes are killed rather than drained (SIGTERM takes 10-20 s).
stop_cassandra() { # DIR
  local n i
  n=$(state_value "$1/state" nodes)
  for ((i = 1; i <= ${n:-0}; i++)); do cassandra_kill_node "$1" "$i"; done
}

# Membership changes: add-node, kill-node, start-node, decommission-node, remove-node.
source "$(dirname "${BASH_SOURCE[0]}")/services-cassandra-ring.sh"
