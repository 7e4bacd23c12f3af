# bin/bench clients: openmark's clients for real servers beside the fastest peers, on the same
# server, one after the other, at the same fixed rates and the same mix (workload A's reads and
# updates of 1 KB records, keys drawn uniformly; where a peer cannot run the mix, the nearest it
# allows). For each run: the client's CPU per operation (user + system of the client process, from
# /proc/PID/stat, over a window after its warm-up), the server's CPU per operation over the same
# window, the client's peak resident memory, the achieved rate and the p99 of the response time
# (from the intended start where the tool has one); then the highest rate each tool sustained with
# its p99 under a bound. Sourced by bin/bench (set -euo pipefail, $here, $out, $JAVA_HOME set).
#
#   bin/bench clients smoke                 openmark alone on Redis and PostgreSQL, one rate, a few
#                                           seconds: the plumbing of every figure (the test suite runs it)
#   bin/bench clients redis [RATES...]      openmark (pipelined and blocking sessions) at each RATE;
#                                           then openmark's closed model with D clients against
#                                           redis-benchmark -c 1 -P D for each pipelining depth D
#   bin/bench clients postgres [RATES...]   openmark and pgbench -R at each RATE
#   bin/bench clients cassandra [RATES...]  openmark (pipelined session) and latte (the Rust client, built from
#                                           crates.io into $OPENMARK_BENCH_DIR/latte once, or OPENMARK_BENCH_LATTE
#                                           names a latte binary) at each RATE on a one-node cluster
#   bin/bench clients redis-drivers [RATES...]  the redis store's pipelined session beside the same calls
#                                           through Lettuce's asynchronous API (fetched into the local Maven
#                                           repository at benchmark time), each alone in a JVM, in turns
#
# Settings (environment):
#   OPENMARK_BENCH_SECS     measured seconds per run (20)
#   OPENMARK_BENCH_WARM     seconds of warm-up after a tool's first progress line (10: a JVM tool's JIT
#                           compilers take seconds of CPU on a busy 2-core machine)
#   OPENMARK_BENCH_RECORDS  records loaded (100000)
#   OPENMARK_BENCH_P99_MS   the p99 bound for "sustained" (10)
#   OPENMARK_BENCH_DEPTHS   Redis pipelining depths ("1 16")
#   OPENMARK_BENCH_PG_CLIENTS  pgbench's connections (8)
#   OPENMARK_BENCH_CP       a class path to run openmark from (default: cli/target/openmark.jar, built by
#                           bin/openmark unless OPENMARK_BENCH_NO_BUILD=1)
#   YCSB_SRC                a YCSB source tree or git directory (a clone of github.com/brianfrankcooper/YCSB):
#                           YCSB's own redis, jdbc and cassandra bindings are built from it into
#                           $OPENMARK_BENCH_DIR/ycsb (once) and YCSB's client runs at each rate too, paced by
#                           -target with OPENMARK_BENCH_YCSB_THREADS threads (16); and the same binding through
#                           openmark's YCSB adapter (--store ycsb, open model)
# The servers are started with bin/openmark-services as instances "bench-redis" and "bench-postgres" (in
# OPENMARK_SERVICES_DIR) and stopped at the end. The method (sampling the client's and the server's CPU in
# /proc over the window, reading each tool's output, the figures per operation, what "sustained" means) is
# Java with unit tests, in the services module (org.openmark.services.bench.ClientsBench, which asks the
# services manager for the server's processes); this script runs the tools in turn and says which.

clients_usage() {
  echo "usage: bin/bench clients smoke | redis [RATES...] | postgres [RATES...] | cassandra [RATES...] | redis-drivers [RATES...]" >&2
  exit 2
}

store="${1:-}"; [ $# -gt 0 ] && shift
case "$store" in smoke|redis|postgres|cassandra|redis-drivers) ;; *) clients_usage ;; esac
smoke=0; [ "$store" = smoke ] && smoke=1
secs="${OPENMARK_BENCH_SECS:-$([ $smoke = 1 ] && echo 2 || echo 20)}"
warm="${OPENMARK_BENCH_WARM:-$([ $smoke = 1 ] && echo 1 || echo 10)}"
records="${OPENMARK_BENCH_RECORDS:-$([ $smoke = 1 ] && echo 1000 || echo 100000)}"
p99_bound_us=$(( ${OPENMARK_BENCH_P99_MS:-10} * 1000 ))
read -r -a depths <<< "${OPENMARK_BENCH_DEPTHS:-1 16}"
pg_clients="${OPENMARK_BENCH_PG_CLIENTS:-8}"
ycsb_threads="${OPENMARK_BENCH_YCSB_THREADS:-16}"
rates=("$@"); [ ${#rates[@]} -eq 0 ] && rates=($([ $smoke = 1 ] && echo 1000 || echo 5000 10000 20000 40000))
pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
dur=$(( warm + secs + 4 ))   # a tool's whole run: its first progress second, the warm-up, the window, a tail

# openmark as bin/openmark runs it (its heap options), from the jar or OPENMARK_BENCH_CP
if [ -z "${OPENMARK_BENCH_CP:-}" ] && [ "${OPENMARK_BENCH_NO_BUILD:-0}" != 1 ]; then
  "$here/openmark" --version > /dev/null   # builds the jar if the sources changed
fi
read -r -a om_java <<< "--enable-native-access=ALL-UNNAMED $(openmark_heap_opts) ${OPENMARK_JAVA_OPTS:-}"
if [ -n "${OPENMARK_BENCH_CP:-}" ]; then
  om=("$JAVA_HOME/bin/java" "${om_java[@]}" -cp "$OPENMARK_BENCH_CP" org.openmark.cli.Main)
else
  om=("$JAVA_HOME/bin/java" "${om_java[@]}" -jar "$openmark_root/cli/target/openmark.jar")
fi
# workload A on 1 KB records (10 fields of 100 bytes), keys user000000000000 .. in the order
# redis-benchmark's __rand_int__ and pgbench's random() name them, drawn uniformly as the peers draw
workload=(-P "$openmark_root/workloads/workloada" -p recordcount="$records" -p fieldcount=10 -p fieldlength=100
  -p requestdistribution=uniform -p insertorder=ordered -p zeropadding=12)

# The benchmark's method: org.openmark.services.bench.ClientsBench in the services jar (built when stale)
services_jar="$(openmark_services_jar)"
bench_java() { "$JAVA_HOME/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$services_jar" \
  org.openmark.services.bench.ClientsBench "$@"; }

# measure TOOL LABEL RATE READY_REGEX [OPTION VALUE...] -- COMMAND...: runs COMMAND (a program, not a function)
# in the background (output in $out/LABEL-RATE.out and .err, or --name's), waits for READY_REGEX in its output
# (its progress line one second after it began), measures the client's and the server's CPU over the window
# from $warm to $warm + $secs seconds after it began and the client's peak memory, reads the tool's output
# (TOOL: openmark, openmark-closed, ycsb, pgbench, latte) and prints one line of figures (also to clients.txt
# and clients.tsv). True when the tool sustained RATE: 98 % of it with the p99 within the bound, no failure.
measure() {
  local tool="$1" label="$2" rate="$3" ready="$4"; shift 4
  bench_java measure --tool "$tool" --label "$label" --rate "$rate" --ready "$ready" --dir "$out" --warm "$warm" \
    --secs "$secs" --p99-bound-us "$p99_bound_us" --service "$service" "$@"
}

# openmark_open NAME RATE STORE_ARGS...: openmark's open model at RATE (Poisson), reported
openmark_open() {
  local name="$1" rate="$2"; shift 2
  measure openmark "$name" "$rate" ' 1 sec: ' -- "${om[@]}" run "$@" "${workload[@]}" -p autoload=false \
    --rate "$rate" --duration "${dur}s" --warmup "${warm}s" -s 1 --seed 1
}

# YCSB's core and its redis and jdbc bindings, built from $YCSB_SRC into $out/ycsb once; sets ycsb_dir
ycsb_prepare() {
  ycsb_dir="$out/ycsb"
  [ -f "$ycsb_dir/.built" ] && return 0
  rm -rf "$ycsb_dir"; mkdir -p "$ycsb_dir"
  if [ -f "$YCSB_SRC/HEAD" ] && [ -d "$YCSB_SRC/objects" ]; then git --git-dir="$YCSB_SRC" archive HEAD | tar -x -C "$ycsb_dir"
  elif [ -d "$YCSB_SRC/.git" ]; then git -C "$YCSB_SRC" archive HEAD | tar -x -C "$ycsb_dir"
  else cp -r "$YCSB_SRC/." "$ycsb_dir"; fi
  echo "bin/bench: building YCSB's redis and jdbc bindings from $YCSB_SRC in $ycsb_dir" >&2
  ( cd "$ycsb_dir" && run_or_die "$out/ycsb-build.log" openmark_mvn -q -pl site.ycsb:core,site.ycsb:redis-binding,site.ycsb:jdbc-binding -am \
      package dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory=target/lib -DskipTests -Dcheckstyle.skip=true )
  touch "$ycsb_dir/.built"
}
# YCSB's cassandra binding (CassandraCQLClient), compiled from YCSB's source with javac against the
# DataStax driver its pom names (cassandra.cql.version, from Maven Central): its module's Maven build
# needs a test-only archive (sigar-dist) that Maven Central does not serve. Prints its class path.
ycsb_cassandra_classpath() {
  local d="$ycsb_dir/cassandra" version
  if [ ! -f "$d/target/classpath" ]; then
    version=$(sed -n 's#.*<cassandra.cql.version>\(.*\)</cassandra.cql.version>.*#\1#p' "$ycsb_dir/pom.xml" | head -1)
    mkdir -p "$d/target/driver" "$d/target/classes"
    printf '<project><modelVersion>4.0.0</modelVersion><groupId>b</groupId><artifactId>b</artifactId><version>1</version>%s</project>\n' \
      "<dependencies><dependency><groupId>com.datastax.cassandra</groupId><artifactId>cassandra-driver-core</artifactId><version>${version:-3.0.0}</version></dependency></dependencies>" \
      > "$d/target/driver/pom.xml"
    run_or_die "$out/ycsb-cassandra-driver.log" openmark_mvn -q -f "$d/target/driver/pom.xml" dependency:build-classpath \
      -Dmdep.outputFile="$d/target/driver/classpath"
    run_or_die "$out/ycsb-cassandra-javac.log" "$JAVA_HOME/bin/javac" -nowarn -d "$d/target/classes" \
      -cp "$(ls "$ycsb_dir"/core/target/core-*.jar | head -1):$(cat "$d/target/driver/classpath")" \
      $(find "$d/src/main/java" -name '*.java')
    printf '%s:%s/core/target/lib/*:%s:%s' "$(ls "$ycsb_dir"/core/target/core-*.jar | head -1)" "$ycsb_dir" "$d/target/classes" \
      "$(cat "$d/target/driver/classpath")" > "$d/target/classpath"
  fi
  cat "$d/target/classpath"
}
# The binding's jar and its dependencies without YCSB's core, for openmark's YCSB adapter (--store ycsb), which
# loads a binding in a class loader of its own beside the YCSB core it bundles
ycsb_binding_path() { # ycsb_binding_path BINDING [JAR...]
  local b="$1"; shift
  printf '%s' "$(ls "$ycsb_dir/$b/target/$b"-binding-*.jar | head -1):$ycsb_dir/$b/target/lib/*"
  for j in "$@"; do printf ':%s' "$j"; done
}
ycsb_classpath() { # ycsb_classpath BINDING [JAR...]
  local b="$1"; shift
  printf '%s' "$(ls "$ycsb_dir"/core/target/core-*.jar | head -1):$ycsb_dir/core/target/lib/*:$(ls "$ycsb_dir/$b/target/$b"-binding-*.jar | head -1):$ycsb_dir/$b/target/lib/*"
  for j in "$@"; do printf ':%s' "$j"; done
}
# ycsb_open NAME RATE CLASSPATH DB_CLASS PROPERTIES...: YCSB's client paced to RATE (-target) with its
# intended-start latency (measurement.interval=both), reported; true when it sustained the rate. The
# achieved rate and the CPU per operation count the operations of the window, from YCSB's status lines
# (its overall throughput counts its start-up too); its p99 is over the whole run, warm-up included.
ycsb_open() {
  local name="$1" rate="$2" cp="$3" db="$4"; shift 4
  measure ycsb "$name" "$rate" ' 1 sec: ' -- "$JAVA_HOME/bin/java" $(openmark_heap_opts) -cp "$cp" site.ycsb.Client -t \
    -db "$db" -P "$openmark_root/workloads/workloada" -p workload=site.ycsb.workloads.CoreWorkload \
    -p recordcount="$records" -p fieldcount=10 -p fieldlength=100 -p requestdistribution=uniform -p insertorder=ordered \
    -p zeropadding=12 -p operationcount=$(( rate * dur * 2 )) -p maxexecutiontime="$dur" -target "$rate" \
    -threads "$ycsb_threads" -p measurement.interval=both -s -p status.interval=1 "$@"
}

start_service() { # start_service KIND: starts bench-KIND, sets $props (a -P file) and $service (its name)
  local kind="$1" svc="${OPENMARK_SERVICES_DIR:-/tmp/openmark-services}"
  service="bench-$1"
  "$here/openmark-services" start "$kind" "$service" > /dev/null
  trap '"$here/openmark-services" stop '"$service"' > /dev/null 2>&1 || true' EXIT
  props="$svc/$service/$service.properties"
}
prop() { sed -n "s/^$1=//p" "$props"; }
run_or_die() { # run_or_die FILE COMMAND...: its output in FILE; stops the bench with the output's end when it fails
  local file="$1"; shift
  "$@" > "$file" 2>&1 || { local rc=$?; echo "bin/bench: $* failed (exit $rc):" >&2; tail -20 "$file" >&2; exit 1; }
}
load_average() { cut -d' ' -f1-3 /proc/loadavg; }

bench_redis() {
  start_service redis
  local host port redis_password; host=$(prop redis.host); port=$(prop redis.port); redis_password=$(prop redis.password)
  run_or_die "$out/redis-load.txt" "${om[@]}" load --store redis -P "$props" "${workload[@]}" -threads 4 --quiet
  echo "Redis $(redis-server --version | sed 's/.* v=\([^ ]*\).*/\1/') on $host:$port, $records records of 1 KB, workload A," \
    "uniform keys; ${secs} s measured after ${warm} s; load average $(load_average)" | tee -a "$out/clients.txt"
  echo "open model, Poisson arrivals, at each rate (p99: response time from the intended start):" | tee -a "$out/clients.txt"
  local rate best_p=0 best_b=0 best_y=0 best_a=0 on_p=1 on_b=1 on_y=0 on_a=0 ycsb_cp="" binding_cp=""
  if [ -n "${YCSB_SRC:-}" ] && [ $smoke = 0 ]; then
    ycsb_prepare; ycsb_cp=$(ycsb_classpath redis); binding_cp=$(ycsb_binding_path redis); on_y=1; on_a=1
  fi
  for rate in "${rates[@]}"; do
    if [ $on_p = 1 ]; then
      if openmark_open openmark-redis "$rate" --store redis -P "$props"; then best_p=$rate; else on_p=0; fi
    fi
    if [ $smoke = 0 ] && [ $on_b = 1 ]; then
      if openmark_open openmark-redis-blocking "$rate" --store redis -P "$props" -p redis.pipelined=false; then
        best_b=$rate; else on_b=0; fi
    fi
    if [ $on_y = 1 ]; then
      if ycsb_open ycsb-redis "$rate" "$ycsb_cp" site.ycsb.db.RedisClient -p redis.host="$host" -p redis.port="$port" \
        ${redis_password:+-p redis.password="$redis_password"}; then best_y=$rate; else on_y=0; fi
    fi
    # the same binding inside openmark: the YCSB adapter, open model
    if [ $on_a = 1 ]; then
      if openmark_open openmark-ycsb-redis "$rate" --store ycsb -p ycsb.db=site.ycsb.db.RedisClient \
        --ycsb-classpath "$binding_cp" -P "$props"; then best_a=$rate; else on_a=0; fi
    fi
  done
  echo "highest rate tried with p99 <= $(( p99_bound_us / 1000 )) ms, valid, no errors: openmark $best_p/s" \
    "$([ $smoke = 0 ] && echo "(blocking sessions $best_b/s)")$([ -n "$ycsb_cp" ] &&
      echo ", YCSB's RedisClient $best_y/s (through openmark's adapter $best_a/s)")" \
    | tee -a "$out/clients.txt"
  [ $smoke = 1 ] && return
  # redis-benchmark has no rate: both tools at full speed with D requests outstanding on one connection
  # (redis-benchmark -c 1 -P D sends D and waits for all D; openmark's closed model keeps D clients'
  # calls in flight on its pipelined session). redis-benchmark runs the two commands of the mix one
  # after the other (N each: its CPU is the whole process's, its start-up is a millisecond).
  local d n=200000
  # the update's script, as the store sends it (RedisWrite.UPDATE_EXISTING's text block)
  sed -n '/UPDATE_EXISTING = RedisLayout.bytes("""/,/""");/p' \
    "$openmark_root/stores/redis/src/main/java/org/openmark/store/redis/RedisWrite.java" | sed '1d; s/^ *//; s/""");$//' \
    > "$out/redis-update.lua"
  echo "full speed, D requests outstanding on one connection (redis-benchmark -c 1 -P D; openmark closed model, D clients):" \
    | tee -a "$out/clients.txt"
  for d in "${depths[@]}"; do
    measure openmark-closed "openmark closed, D=$d" - ' 1 sec: ' --name "openmark-redis-closed-$d" -- "${om[@]}" run \
      --store redis -P "$props" "${workload[@]}" -p autoload=false -threads "$d" --duration "${dur}s" --warmup "${warm}s" \
      -s 1 --seed 1 || continue
    bench_java redis-benchmark --dir "$out" --service "$service" --host "$host" --port "$port" --depth "$d" \
      --requests "$n" --records "$records" --update-script "$out/redis-update.lua" \
      --value "$(head -c 100 /dev/zero | tr '\0' 'x')" || true
  done
}

bench_postgres() {
  start_service postgres
  local url user pass host port db
  url=$(prop jdbc.url); user=$(prop jdbc.user); pass=$(prop jdbc.password)
  host=$(echo "$url" | sed 's#.*://\([^:/]*\).*#\1#'); port=$(echo "$url" | sed 's#.*://[^:]*:\([0-9]*\)/.*#\1#')
  db=$(echo "$url" | sed 's#.*/\([^/?]*\)\(?.*\)\{0,1\}$#\1#')
  run_or_die "$out/postgres-load.txt" "${om[@]}" load --store jdbc -P "$props" "${workload[@]}" -threads 4 \
    -p jdbc.batchsize=100 --quiet
  PGPASSWORD="$pass" "$pg_bin/psql" -q -h "$host" -p "$port" -U "$user" -d "$db" -c 'VACUUM ANALYZE usertable' > /dev/null
  echo "PostgreSQL $("$pg_bin/postgres" --version | cut -d' ' -f3) on $host:$port, $records records of 1 KB," \
    "workload A, uniform keys; ${secs} s measured after ${warm} s; load average $(load_average)" | tee -a "$out/clients.txt"
  # pgbench: the same read and update (one field of 100 bytes, as workload A's update writes one), prepared
  local fields; fields=$(seq -s, -f 'field%g' 0 9)
  printf '\\set k random(0, :records - 1)\nSELECT ycsb_key, %s FROM usertable WHERE ycsb_key = '"'"'user'"'"' || lpad(:k::text, 12, '"'"'0'"'"');\n' \
    "$fields" > "$out/pgbench-read.sql"
  printf '\\set k random(0, :records - 1)\nUPDATE usertable SET field3 = '"'"'%s'"'"' WHERE ycsb_key = '"'"'user'"'"' || lpad(:k::text, 12, '"'"'0'"'"');\n' \
    "$(head -c 100 /dev/zero | tr '\0' 'x')" > "$out/pgbench-update.sql"
  echo "open model at each rate (p99: response time from the intended start; pgbench: latency plus schedule lag," \
    "from its log of one transaction in ten; $pg_clients connections, 2 threads):" | tee -a "$out/clients.txt"
  local rate best_o=0 best_g=0 best_y=0 best_a=0 on_o=1 on_g=1 on_y=0 on_a=0 ycsb_cp="" binding_cp="" pg_jar
  if [ -n "${YCSB_SRC:-}" ] && [ $smoke = 0 ]; then
    ycsb_prepare
    # PostgreSQL's driver: the one openmark's jdbc store bundles, from the local Maven repository
    pg_jar="$(ls "${HOME}"/.m2/repository/org/postgresql/postgresql/*/postgresql-*.jar | sort -V | tail -1)"
    ycsb_cp=$(ycsb_classpath jdbc "$pg_jar"); binding_cp=$(ycsb_binding_path jdbc "$pg_jar")
    on_y=1; on_a=1
  fi
  for rate in "${rates[@]}"; do
    if [ $on_o = 1 ]; then
      if openmark_open openmark-jdbc "$rate" --store jdbc -P "$props"; then best_o=$rate; else on_o=0; fi
    fi
    [ $smoke = 1 ] && continue
    if [ $on_y = 1 ]; then
      if ycsb_open ycsb-jdbc "$rate" "$ycsb_cp" site.ycsb.db.JdbcDBClient -p db.driver=org.postgresql.Driver \
        -p db.url="$url" -p db.user="$user" -p db.passwd="$pass"; then best_y=$rate; else on_y=0; fi
    fi
    # the same binding inside openmark: the YCSB adapter, open model
    if [ $on_a = 1 ]; then
      if openmark_open openmark-ycsb-jdbc "$rate" --store ycsb -p ycsb.db=site.ycsb.db.JdbcDBClient \
        --ycsb-classpath "$binding_cp" -p db.driver=org.postgresql.Driver -p db.url="$url" -p db.user="$user" \
        -p db.passwd="$pass"; then best_a=$rate; else on_a=0; fi
    fi
    [ $on_g = 1 ] || continue
    rm -f "$out/pgbench-$rate".log*
    # its p99: latency plus schedule lag, from its log of one transaction in ten
    if PGPASSWORD="$pass" measure pgbench pgbench "$rate" '^progress: 1\.0 s' --pgbench-log "$out/pgbench-$rate.log" \
        -- "$pg_bin/pgbench" -h "$host" -p "$port" -U "$user" -n -M prepared -c "$pg_clients" -j 2 -R "$rate" -T "$dur" \
        -P 1 -D records="$records" -f "$out/pgbench-read.sql@50" -f "$out/pgbench-update.sql@50" -l \
        --sampling-rate=0.1 --log-prefix="$out/pgbench-$rate.log" "$db"; then best_g=$rate; else on_g=0; fi
  done
  echo "highest rate tried with p99 <= $(( p99_bound_us / 1000 )) ms: openmark $best_o/s$([ $smoke = 0 ] && echo ", pgbench $best_g/s")$(
    [ -n "$ycsb_cp" ] && echo ", YCSB's JdbcDBClient $best_y/s (through openmark's adapter $best_a/s)")" | tee -a "$out/clients.txt"
}

# latte (github.com/pmcfadin/latte, on crates.io as latte-cli): OPENMARK_BENCH_LATTE, or built once into $out/latte
latte_prepare() {
  latte_bin="${OPENMARK_BENCH_LATTE:-$out/latte/bin/latte}"
  [ -x "$latte_bin" ] && return 0
  command -v cargo > /dev/null || { echo "bin/bench: latte needs cargo (Rust) to build it, or OPENMARK_BENCH_LATTE" >&2; return 1; }
  echo "bin/bench: building latte-cli from crates.io into $out/latte (once; many minutes on 2 cores)" >&2
  cargo install --locked latte-cli --root "$out/latte" > "$out/latte-build.log" 2>&1 ||
    { echo "bin/bench: building latte failed; see $out/latte-build.log" >&2; return 1; }
}

# latte's workload A: the keyspace and table openmark loaded (YCSB's layout), reads of a whole row and
# updates of one 100-byte field, keys drawn uniformly, half and half (latte -f read:0.5 -f update:0.5)
latte_workload() { # latte_workload KEYSPACE
  cat > "$out/latte-workloada.rn" <<EOF_RN
const ROWS = latte::param!("rows", $records);
const READ = "read";
const UPDATE = "update";
pub async fn prepare(ctx) {
    ctx.prepare(READ, "SELECT * FROM $1.usertable WHERE y_id = ?").await?;
    ctx.prepare(UPDATE, "UPDATE $1.usertable SET field3 = ? WHERE y_id = ?").await?;
    ctx.data.value = latte::text(0, 100);
}
pub async fn read(ctx, i) {
    ctx.execute_prepared(READ, [\`user\${latte::hash_range(i, ROWS)}\`]).await?
}
pub async fn update(ctx, i) {
    ctx.execute_prepared(UPDATE, [ctx.data.value, \`user\${latte::hash_range(i, ROWS)}\`]).await?
}
EOF_RN
}

# latte_open RATE HOST:PORT: latte at RATE cycles/s (one driver thread, up to 128 requests outstanding), reported;
# its p99 is the cycle latency over the measured phase, from its summary
latte_open() {
  local rate="$1" node="$2"
  # run in $out: latte writes its log file (latte-DATE.log) into the directory it runs in
  measure latte latte "$rate" '^ +1\.[0-9]{3} +[0-9]+ ' -- env -C "$out" "$latte_bin" run "$out/latte-workloada.rn" \
    -f read:0.5 -f update:0.5 -r "$rate" -w 0 -d "${dur}s" -t 1 -p 128 --consistency ONE \
    --datacenter "$(prop cassandra.datacenter)" -o "$out/latte-$rate.json" "$node"
}

bench_cassandra() {
  start_service cassandra
  local host port ks=ycsb
  workload+=(-p zeropadding=1)   # keys user0 .. user$((records - 1)), as latte's script names them
  host=$(prop cassandra.hosts); port=$(prop cassandra.port)
  run_or_die "$out/cassandra-load.txt" "${om[@]}" load --store cassandra -P "$props" "${workload[@]}" -threads 8 --quiet
  # The load leaves the server flushing and compacting for a while, which the first tool measured would
  # pay for (its client CPU per operation doubled in two runs): wait until no compaction is pending.
  local nodetool="${OPENMARK_SERVICES_DIR:-/tmp/openmark-services}/bench-cassandra/nodetool" settled=0
  "$nodetool" flush > /dev/null 2>&1 || true
  until "$nodetool" compactionstats 2>/dev/null | grep -Eq '^pending tasks:? +0 *$'; do
    if [ $settled -ge 180 ]; then echo "bin/bench: compactions still pending after 180 s; measuring anyway" >&2; break; fi
    sleep 2; settled=$(( settled + 2 ))
  done
  # A server just started compiles its own hot paths under the first load it serves: the first tool measured
  # paid for that too (2.3x the server's CPU per operation, and its own client CPU up with it), so openmark
  # runs unmeasured at the first rate for the warm-up and the window first.
  "${om[@]}" run --store cassandra -P "$props" "${workload[@]}" -p autoload=false --rate "${rates[0]}" \
    --duration "$(( warm + secs ))s" --warmup 0s --quiet > "$out/cassandra-server-warm-up.txt" 2>&1 || true
  echo "Cassandra $("$nodetool" version | sed -n 's/^ReleaseVersion: //p') (one node) on" \
    "$host:$port, $records records of 1 KB, workload A, uniform keys, consistency ONE; ${secs} s measured after ${warm} s;" \
    "load average $(load_average)" | tee -a "$out/clients.txt"
  local rate best_o=0 best_l=0 best_y=0 best_a=0 on_l=0 ycsb_cp="" binding_cp=""
  if latte_prepare; then latte_workload "$ks"; on_l=1; fi
  if [ -n "${YCSB_SRC:-}" ]; then
    ycsb_prepare; ycsb_cp=$(ycsb_cassandra_classpath)
    binding_cp="$ycsb_dir/cassandra/target/classes:$(cat "$ycsb_dir/cassandra/target/driver/classpath")"
  fi
  # every rate for every tool: the CPU per operation is the figure to compare, sustained or not
  for rate in "${rates[@]}"; do
    if openmark_open openmark-cassandra "$rate" --store cassandra -P "$props"; then best_o=$rate; fi
    if [ $on_l = 1 ] && latte_open "$rate" "$host:$port"; then best_l=$rate; fi
    # YCSB's CassandraCQLClient on the same table (keyspace ycsb, usertable, y_id), at ONE as the others
    if [ -n "$ycsb_cp" ] && ycsb_open ycsb-cassandra "$rate" "$ycsb_cp" site.ycsb.db.CassandraCQLClient -p zeropadding=1 \
        -p hosts="$host" -p port="$port" -p cassandra.readconsistencylevel=ONE -p cassandra.writeconsistencylevel=ONE; then
      best_y=$rate
    fi
    # the same binding inside openmark: the YCSB adapter, open model
    if [ -n "$ycsb_cp" ] && openmark_open openmark-ycsb-cassandra "$rate" --store ycsb \
        -p ycsb.db=site.ycsb.db.CassandraCQLClient --ycsb-classpath "$binding_cp" -p hosts="$host" -p port="$port" \
        -p cassandra.readconsistencylevel=ONE -p cassandra.writeconsistencylevel=ONE; then
      best_a=$rate
    fi
  done
  echo "highest rate tried with p99 <= $(( p99_bound_us / 1000 )) ms: openmark $best_o/s, latte $best_l/s$(
    [ -n "$ycsb_cp" ] && echo ", YCSB's CassandraCQLClient $best_y/s (through openmark's adapter $best_a/s)")" | tee -a "$out/clients.txt"
}

# The redis store's pipelined session against Lettuce's asynchronous API: the same calls, one thread
# issuing them at a fixed rate, each client alone in a JVM (bin/lib/RedisClientsCompare.java)
bench_redis_drivers() { # Lettuce's classes first: the openmark jar holds the Cassandra driver's older Netty
  local lettuce="${OPENMARK_BENCH_LETTUCE:-7.7.0.RELEASE}" cp_file="$out/lettuce.classpath"
  mkdir -p "$out/lettuce"
  printf '<project><modelVersion>4.0.0</modelVersion><groupId>b</groupId><artifactId>b</artifactId><version>1</version>%s</project>\n' \
    "<dependencies><dependency><groupId>io.lettuce</groupId><artifactId>lettuce-core</artifactId><version>$lettuce</version></dependency></dependencies>" \
    > "$out/lettuce/pom.xml"
  run_or_die "$out/lettuce/resolve.log" openmark_mvn -q -f "$out/lettuce/pom.xml" dependency:build-classpath -Dmdep.outputFile="$cp_file"
  start_service redis
  local host port rate round v
  host=$(prop redis.host); port=$(prop redis.port)
  run_or_die "$out/redis-load.txt" "${om[@]}" load --store redis -P "$props" "${workload[@]}" -threads 4 --quiet
  local om_cp="${OPENMARK_BENCH_CP:-$openmark_root/cli/target/openmark.jar}"
  echo "Redis on $host:$port, $records records of 1 KB; one thread issues workload A's reads and updates at a fixed rate," \
    "${secs} s measured after ${warm} s; Lettuce $lettuce; load average $(load_average)" | tee -a "$out/clients.txt"
  for rate in "${rates[@]}"; do
    for round in 1 2; do
      for v in openmark lettuce; do
        "$JAVA_HOME/bin/java" -Xms1g -Xmx1g -cp "$(cat "$cp_file"):$om_cp" "$here/lib/RedisClientsCompare.java" "$v" "$host" \
          "$port" "$records" "$rate" "$warm" "$secs" 2> "$out/drivers-$v-$rate-$round.err" | sed 's/^/  /' | tee -a "$out/clients.txt"
      done
    done
  done
}

: > "$out/clients.tsv"; : > "$out/clients.txt"
case "$store" in
  smoke) bench_redis; "$here/openmark-services" stop bench-redis > /dev/null 2>&1 || true; trap - EXIT; bench_postgres ;;
  redis) bench_redis ;;
  postgres) bench_postgres ;;
  cassandra) bench_cassandra ;;
  redis-drivers) bench_redis_drivers ;;
esac
echo "(figures in $out/clients.tsv: tool, rate, achieved, p99 us, client CPU us/op, server CPU us/op, client RSS MiB)"
