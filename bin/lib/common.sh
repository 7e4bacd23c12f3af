# Shared by bin/openmark and bin/test: find a JDK >= 21 and run Maven with it.
# Sourced, not executed.

openmark_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Prints the major version of the java binary $1 (e.g. 25), or nothing.
openmark_java_major() {
  "$1" -version 2>&1 | awk -F'"' '/version/ {split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]); exit}'
}

# Sets JAVA_HOME to a JDK >= 21: $JAVA_HOME if it qualifies, else the newest under /usr/lib/jvm.
openmark_find_jdk() {
  local candidate major best="" best_major=0
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    major=$(openmark_java_major "$JAVA_HOME/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      return 0
    fi
  fi
  for candidate in /usr/lib/jvm/*; do
    [ -x "$candidate/bin/javac" ] || continue
    major=$(openmark_java_major "$candidate/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
      best="$candidate"; best_major="$major"
    fi
  done
  if [ -z "$best" ]; then
    echo "openmark: no JDK >= 21 found (JAVA_HOME=${JAVA_HOME:-unset}, searched /usr/lib/jvm/*)." >&2
    echo "openmark: install one (e.g. a Temurin 21 or 25 JDK) or point JAVA_HOME at it." >&2
    return 1
  fi
  export JAVA_HOME="$best"
}

# Runs Maven with the JDK found above, quietly about Maven's own JDK warnings.
# Prints openmark's heap option: a minimum heap of an eighth of the RAM, at most 2 GiB (nothing
# below 256 MiB). The heap then never shrinks to a few dozen MB after the full collection the
# open model makes before its schedule starts, so young collections stay rare (at 200,000 ops/s
# a shrunken heap collected every 1.3 s, and each pause delayed a few hundred sends by over 1 ms).
openmark_heap_opts() {
  local mem_mb xms_mb
  mem_mb=$(awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo 2>/dev/null || echo 0)
  xms_mb=$(( mem_mb / 8 < 2048 ? mem_mb / 8 : 2048 ))
  if [ "$xms_mb" -ge 256 ]; then echo "-Xms${xms_mb}m"; fi
}

# Prints the Debian packages the test suite needs that this machine lacks (space-separated), or
# nothing: the real servers the integration tests start (Redis, PostgreSQL, etcd, a Cassandra cluster on
# Java 17) and the browser that renders the HTML reports.
openmark_test_needs() {
  local need=()
  command -v mvn >/dev/null 2>&1 || need+=(maven)
  command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  # the Cassandra 5.0 server of the cassandra store's tests runs on Java 17 (not on 21+)
  ls /usr/lib/jvm/java-17-openjdk-*/bin/java >/dev/null 2>&1 || need+=(openjdk-17-jre-headless)
  # headless Chromium renders the HTML reports in BrowserRenderTest
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  # a real Prometheus scrapes --metrics in MetricsPrometheusEndToEndTest
  command -v prometheus >/dev/null 2>&1 || need+=(prometheus)
  # a 3-member etcd cluster for the etcd store's tests (etcdctl beside it, for the documented examples)
  command -v etcd >/dev/null 2>&1 || need+=(etcd-server)
  command -v etcdctl >/dev/null 2>&1 || need+=(etcd-client)
  echo "${need[*]}"
}

# Prints the services module's runnable jar (the throwaway servers' manager), building it first when it is
# missing or older than the module's sources, as bin/openmark builds its own. One build at a time: two
# commands that find it stale together would both build into the same target directory; the second waits,
# and finds the jar fresh. Needs JAVA_HOME (openmark_find_jdk).
openmark_services_jar() {
  local jar="$openmark_root/services/target/openmark-services.jar"
  if openmark_services_jar_stale "$jar"; then
    mkdir -p "$openmark_root/services/target"
    (
      exec 8>"$openmark_root/services/target/.build.lock"
      flock 8
      if openmark_services_jar_stale "$jar"; then
        echo "openmark-services: building the services jar (first run or sources changed)" >&2
        (cd "$openmark_root" && openmark_mvn -q -o -pl services package -DskipTests >/dev/null 2>&1 8>&-) ||
          (cd "$openmark_root" && openmark_mvn -q -pl services package -DskipTests >&2 8>&-) ||
          { echo "openmark-services: building $jar failed (mvn -pl services package)" >&2; exit 1; }
      fi
    ) || return 1
  fi
  echo "$jar"
}

openmark_services_jar_stale() { # JAR: true when it is missing or older than the services module's sources
  [[ ! -f $1 || -n $(find "$openmark_root/services/pom.xml" "$openmark_root/services/src/main" -newer "$1" -print -quit) ]]
}

openmark_mvn() {
  if ! command -v mvn >/dev/null 2>&1; then
    echo "openmark: Maven (mvn) is not installed; install it (Debian: apt-get install -y maven)." >&2
    return 1
  fi
  local opts="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED"
  if [ -t 1 ] && [ -t 2 ]; then
    MAVEN_OPTS="$opts" mvn -B "$@"
    return
  fi
  # Maven's console library writes colour resets (ESC[0m) even in batch mode: none in a log or a pipe
  local strip=$'s/\x1b\[[0-9;]*m//g'
  MAVEN_OPTS="$opts" mvn -B "$@" 2> >(sed -u "$strip" >&2) | sed -u "$strip"
  return "${PIPESTATUS[0]}"
}
