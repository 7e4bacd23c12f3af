package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.openmark.store.contract.ServicesFixture;

/**
 * The test cluster: three Cassandra nodes on 127.0.0.1-3, the run's (shared with the cli's Cassandra tests, leased
 * to one test class at a time).
 */
final class CassandraCluster {
    /** Every test class of the module but the membership test registers this one fixture. */
    static final ServicesFixture NODES = ServicesFixture.of("cassandra", "--nodes", "3");
    /**
     * The name of the membership test's own cluster (on the same addresses, other ports): it adds and removes
     * nodes, which no test sharing the other cluster could live with.
     */
    static final String RING = "ring";

    private CassandraCluster() {
    }

    /** Opens a store on the cluster with the fixture's properties plus {@code key=value} pairs. */
    static CassandraStore open(String... keyValues) {
        return new CassandraStoreFactory().open(NODES.properties(keyValues));
    }

    /**
     * Empties every table of the keyspace by deleting its rows at ALL (the tables stay, so no
     * schema change waits; a TRUNCATE would cost a flush on every node, seconds on a small machine).
     */
    static void truncateAll(CqlSession session, String keyspace) {
        session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(keyspace)).ifPresent(k ->
                k.getTables().keySet().forEach(t -> {
                    String table = k.getName().asCql(false) + "." + t.asCql(false);
                    List<CompletableFuture<?>> deletes = new ArrayList<>();
                    for (Row row : session.execute(SimpleStatement.newInstance("SELECT y_id FROM " + table)
                            .setConsistencyLevel(DefaultConsistencyLevel.ALL))) {
                        deletes.add(session.executeAsync(SimpleStatement.newInstance("DELETE FROM " + table
                                + " WHERE y_id = ?", row.getString(0)).setConsistencyLevel(DefaultConsistencyLevel.ALL))
                                .toCompletableFuture());
                    }
                    CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)).join();
                }));
    }

    /** Scan order: by the Murmur3 token of the key, as Cassandra's ring; the empty key first. */
    static Comparator<String> tokenOrder(CqlSession session) {
        TokenMap tokens = session.getMetadata().getTokenMap().orElseThrow();
        Comparator<String> byToken = Comparator.comparing((String key) -> token(tokens, key));
        return (a, b) -> {
            if (a.isEmpty() || b.isEmpty()) {
                return Boolean.compare(!a.isEmpty(), !b.isEmpty());
            }
            return byToken.compare(a, b);
        };
    }

    private static Token token(TokenMap tokens, String key) {
        return tokens.newToken(TypeCodecs.TEXT.encode(key, ProtocolVersion.DEFAULT));
    }
}
