package org.openmark.services.server;

import java.util.List;
import java.util.Map;

/**
 * One kind of throwaway server: how it starts in its directory, how it is known to answer, how it stops, and
 * which processes are it. The caller holds the service's lock and hands a fresh, empty directory to
 * {@link #start}; every other method is given the state {@link #start} wrote.
 */
public interface Server {
    /**
     * Starts the server in {@code site.dir()} on free loopback ports, writes its state as soon as there is
     * something to stop, and returns when it answers, with the properties openmark needs to reach it.
     */
    Map<String, String> start(ServiceSite site, StartOptions options);

    /** True when the server runs and answers a request of its own protocol (a ping, a query, a readiness call). */
    boolean answering(ServiceSite site, ServiceState state);

    /**
     * True when the running server is what {@code options} would start: a fresh start would give the same
     * server (for Cassandra: as many nodes, all up, none down). Only asked of a server that answers.
     */
    default boolean startedAs(ServiceSite site, ServiceState state, StartOptions options) {
        return true;
    }

    /** Brings a running server's data back to a fresh one's (for a server reused by another test run's module). */
    void reset(ServiceSite site, ServiceState state);

    /** Stops every process of the server; its directory is deleted by the caller. */
    void stop(ServiceSite site, ServiceState state);

    /** The server's processes (their children, such as PostgreSQL's backends, not listed). */
    List<Long> pids(ServiceSite site, ServiceState state);
}
