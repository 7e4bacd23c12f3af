package org.openmark.services.server;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The kinds of throwaway server, as {@code start KIND} names them and a state file's {@code kind} records them. */
public enum ServiceKind {
    REDIS("redis"),
    /** A Redis primary and a replica of it (replicaof), for staleness. */
    REDIS_PAIR("redis-pair"),
    POSTGRES("postgres"),
    CASSANDRA("cassandra"),
    /** An etcd cluster of N members (Raft). */
    ETCD("etcd"),
    /** A Prometheus server that scrapes what NAME/targets/*.json names every second. */
    PROMETHEUS("prometheus");

    private final String word;

    ServiceKind(String word) {
        this.word = word;
    }

    /** The kind as it is typed: {@code redis-pair}. */
    public String word() {
        return word;
    }

    public static Optional<ServiceKind> ofWord(String word) {
        return Arrays.stream(values()).filter(k -> k.word.equals(word)).findFirst();
    }

    /** "redis, redis-pair, postgres, cassandra, etcd, prometheus". */
    public static String allowed() {
        return Arrays.stream(values()).map(ServiceKind::word).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return word;
    }
}
