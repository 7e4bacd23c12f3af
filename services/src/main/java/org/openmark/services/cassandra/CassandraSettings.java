package org.openmark.services.cassandra;

import static org.openmark.services.server.Environment.nonBlank;
import static org.openmark.services.server.Environment.positive;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Every setting of the Cassandra manager, each default defined here once, read from the environment
 * at the edge.
 *
 * @param baseDir           where every service keeps its directory (OPENMARK_SERVICES_DIR)
 * @param cacheDir          where the server's jars are resolved once (OPENMARK_CACHE)
 * @param version           the Cassandra server's version (OPENMARK_CASSANDRA_VERSION)
 * @param heap              each node's heap, as the JVM's -Xmx takes it (OPENMARK_CASSANDRA_HEAP)
 * @param timeout           how long a node may take to start, join, stream or leave (OPENMARK_SERVICES_TIMEOUT);
 *                          starting a node takes 15-40 s on a small machine and several at once share its cores
 * @param ringDelay         how long a node trusts gossip to have spread (OPENMARK_CASSANDRA_RING_DELAY_MS, see below)
 * @param serverJava        a Java 11 or 17 binary for the server, instead of the one found (OPENMARK_CASSANDRA_JAVA)
 * @param mavenArgs         extra arguments for the Maven that resolves the jars (OPENMARK_MAVEN_ARGS)
 */
public record CassandraSettings(Path baseDir, Path cacheDir, String version, String heap, Duration timeout,
        Duration ringDelay, Optional<Path> serverJava, String mavenArgs) {

    public static final String DEFAULT_VERSION = "5.0.6";
    public static final String DEFAULT_HEAP = "256M";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(240);
    /**
     * Cassandra's own default, 30 s, on every node, because each is on both sides of a join: a joining
     * node waits up to it for the cluster's schema and sleeps it so that the others learn its pending
     * ranges before it streams, and the others drop a joining node that stayed silent that long
     * ("FatClient ... removing from gossip"). With 1 s, node 4 declared its schema complete 5.6 s before
     * it had pulled the workload's keyspace, and the others dropped it two to three times while it
     * joined (issue 39): a join that streams nothing, or misses the writes made meanwhile.
     */
    public static final Duration DEFAULT_RING_DELAY = Duration.ofMillis(30_000);
    /** A process's own wait for a killed node to be gone (bin/openmark-services' start timeout). */
    public static final Duration KILL_TIMEOUT = Duration.ofSeconds(60);
    /** More nodes than this and loopback addresses become hard to tell from other users' servers. */
    public static final int MAX_NODES = org.openmark.services.server.PortPicker.LOOPBACK_ADDRESSES;
    /** The seeds: the first nodes, at most this many. */
    public static final int MAX_SEEDS = 3;
    public static final int TOKENS_PER_NODE = 8;
    public static final String DATACENTER = "datacenter1";
    /**
     * How long a node keeps hints in memory before they are in a file (Cassandra's default
     * hints_flush_period): start-node waits that long before it waits for the files to be gone.
     */
    public static final Duration HINTS_FLUSH_PERIOD = Duration.ofSeconds(10);

    /**
     * The settings the environment gives, for services under {@code baseDir}; a value that is not a number is
     * refused, naming the variable.
     */
    public static CassandraSettings fromEnvironment(Map<String, String> env, Path baseDir) {
        Path home = Path.of(env.getOrDefault("HOME", System.getProperty("user.home")));
        return new CassandraSettings(baseDir,
                Path.of(nonBlank(env, "OPENMARK_CACHE").orElse(home.resolve(".cache/openmark").toString())),
                nonBlank(env, "OPENMARK_CASSANDRA_VERSION").orElse(DEFAULT_VERSION),
                nonBlank(env, "OPENMARK_CASSANDRA_HEAP").orElse(DEFAULT_HEAP),
                positive(env, "OPENMARK_SERVICES_TIMEOUT", "a whole number of seconds").map(Duration::ofSeconds)
                        .orElse(DEFAULT_TIMEOUT),
                positive(env, "OPENMARK_CASSANDRA_RING_DELAY_MS", "a whole number of milliseconds").map(Duration::ofMillis)
                        .orElse(DEFAULT_RING_DELAY),
                nonBlank(env, "OPENMARK_CASSANDRA_JAVA").map(Path::of),
                env.getOrDefault("OPENMARK_MAVEN_ARGS", ""));
    }

    /** The directory of the service {@code name}. */
    public Path serviceDir(String name) {
        return baseDir.resolve(name);
    }
}
