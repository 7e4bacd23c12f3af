package org.openmark.store.sim.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.store.sim.engine.AtomicFiles;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.engine.TruthReport;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.ProtocolException;

/**
 * A simulated store reached over TCP. Opens a few connections at once; sessions are spread
 * over them round-robin and pipeline their requests on them. Its sessions are
 * {@link org.openmark.api.PipelinedSession}s: the open model starts requests without waiting.
 */
public final class SimClientStore implements Store {
    private final List<SimConnection> connections;
    private final Clock clock;
    private final Path truthFile;
    private final AtomicInteger nextConnection = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Holds the replies of started requests until their simulated time. */
    private final DelayedReplies delays;

    private SimClientStore(List<SimConnection> connections, Clock clock, Path truthFile) {
        this.connections = connections;
        this.clock = clock;
        this.truthFile = truthFile;
        this.delays = new DelayedReplies(clock);
    }

    /**
     * Connects to a server.
     *
     * @param truthFile where to write the server's ground truth when this store closes, or {@code null}
     */
    public static SimClientStore connect(InetSocketAddress address, int connectionCount, Clock clock, Path truthFile) {
        List<SimConnection> opened = new ArrayList<>();
        try {
            for (int i = 0; i < connectionCount; i++) {
                opened.add(SimConnection.open(address));
            }
        } catch (IOException e) {
            opened.forEach(SimConnection::close);
            throw new StoreException("cannot connect to the simulated store at " + address.getHostString() + ":"
                    + address.getPort() + ": " + e.getMessage(), e);
        }
        return new SimClientStore(List.copyOf(opened), clock, truthFile);
    }

    @Override
    public Session newSession() {
        int i = Math.floorMod(nextConnection.getAndIncrement(), connections.size());
        return new RemoteSession(connections.get(i), clock, delays);
    }

    /**
     * Whether the server holds no record of {@code table}: a scan for one record from the first key
     * that answers OK with nothing. A store that cannot tell (a failed scan) is not known empty.
     * Without it, a run against an empty server neither loaded it first nor kept its reads of
     * absent records from being blamed on the store as lost.
     */
    @Override
    public boolean isKnownEmpty(String table) {
        List<org.openmark.api.Record> found = new ArrayList<>();
        try (Session s = newSession()) {
            return s.scan(table, "", 1, null, found) == org.openmark.api.Status.OK && found.isEmpty();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The server's ground truth so far, as compact JSON. */
    public String groundTruthJson() {
        SimConnection c = connections.get(0);
        try {
            SimReply reply = c.call(new SimRequest.Stats(), new FrameBuilder(c.maxFrameBytes()));
            if (reply instanceof SimReply.StatsReply stats) {
                return stats.json();
            }
            throw new StoreException("the simulated store server answered the stats request with " + reply);
        } catch (IOException | ProtocolException e) {
            throw new StoreException("cannot fetch the ground truth: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while fetching the ground truth", e);
        }
    }

    /** The server's ground truth so far. */
    public TruthReport groundTruth() {
        return TruthReport.fromJson(groundTruthJson());
    }

    /** Writes the ground truth file if configured, then closes the connections. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (truthFile != null) {
                AtomicFiles.writeString(truthFile, groundTruth().toJson());
            }
        } finally {
            connections.forEach(SimConnection::close);
            delays.close();
        }
    }
}
