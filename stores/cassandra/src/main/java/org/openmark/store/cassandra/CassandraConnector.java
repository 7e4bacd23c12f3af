package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.openmark.api.StoreException;
import org.openmark.api.StoreUnreachableException;

/** Opens the driver session to the cluster with the store's timeouts, pool size and credentials. */
final class CassandraConnector {
    /** Requests the driver sends at once on one connection (its default, set here so it is known). */
    static final int MAX_REQUESTS_PER_CONNECTION = 1024;

    private CassandraConnector() {
    }

    /**
     * Connects to the contact points.
     *
     * @throws StoreUnreachableException when no contact point answers
     * @throws StoreException when the driver refuses the cluster otherwise
     */
    static CqlSession connect(CassandraConfig config) {
        Duration request = Duration.ofMillis(config.requestTimeoutMs());
        Duration connect = Duration.ofMillis(config.connectTimeoutMs());
        DriverConfigLoader loader = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, request)
                .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, connect)
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, connect)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, connect)
                // schema changes wait for the nodes to agree: slow on a fresh cluster or a busy machine
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT,
                        request.compareTo(CassandraSchema.DDL_TIMEOUT) > 0 ? request : CassandraSchema.DDL_TIMEOUT)
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, request)
                .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, config.connections())
                .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, MAX_REQUESTS_PER_CONNECTION)
                .withDuration(DefaultDriverOption.REQUEST_TRACE_INTERVAL, Duration.ofMillis(20))
                .withString(DefaultDriverOption.SESSION_NAME, "openmark")
                .build();
        List<InetSocketAddress> contactPoints = new ArrayList<>();
        for (String host : config.hosts()) {
            contactPoints.add(new InetSocketAddress(host, config.port()));
        }
        try {
            CqlSessionBuilder builder = CqlSession.builder()
                    .addContactPoints(contactPoints)
                    .withLocalDatacenter(config.datacenter())
                    .withConfigLoader(loader);
            if (config.username() != null) {
                // the driver's plain-text authenticator, as YCSB's binding logs in (PasswordAuthenticator)
                builder = builder.withAuthCredentials(config.username(), config.password());
            }
            return builder.build();
        } catch (AllNodesFailedException e) {
            throw new StoreUnreachableException("no node of " + where(config) + " answered: "
                    + CassandraErrors.reason(e));
        } catch (DriverException | IllegalArgumentException e) {
            throw new StoreException("cannot connect to " + where(config) + ": " + CassandraErrors.reason(e), e);
        }
    }

    /** {@code cassandra at 127.0.0.1,127.0.0.2 port 9042}, for messages. */
    static String where(CassandraConfig config) {
        return "cassandra at " + String.join(",", config.hosts()) + " port " + config.port();
    }
}
