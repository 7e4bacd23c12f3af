package org.openmark.store.sim;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Set;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.client.SimClientStore;
import org.openmark.store.sim.config.SimProperties;

/**
 * {@code --store sim}: the simulated replicated store, in-process, or, when {@code sim.host} or
 * {@code sim.port} is set, a client of a {@code simstore} server.
 */
public final class SimStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public String description() {
        return "simulated replicated store with known ground truth (staleness, throughput limit, hiccups)";
    }

    @Override
    public Set<String> propertyNames() {
        return SimProperties.ALL;
    }

    @Override
    public void validate(StoreProperties p) {
        if (SimProperties.isRemote(p)) {
            clientSettings(p);
        } else {
            SimProperties.config(p);
        }
    }

    /** In this process (no sim.host/sim.port) its nodes keep their records in this heap. */
    @Override
    public boolean keepsRecordsInHeap(StoreProperties p) {
        return !SimProperties.isRemote(p);
    }

    @Override
    public Store open(StoreProperties properties) {
        return open(properties, Clock.system());
    }

    @Override
    public Store open(StoreProperties p, Clock clock) {
        Path truthFile = p.contains(SimProperties.TRUTH_FILE) ? Path.of(p.get(SimProperties.TRUTH_FILE)) : null;
        if (SimProperties.isRemote(p)) {
            return connect(p, clock, truthFile);
        }
        Path warsDir = p.contains(SimProperties.WARS_DIR) ? Path.of(p.get(SimProperties.WARS_DIR)) : null;
        return SimStore.open(SimProperties.config(p), clock, truthFile, warsDir);
    }

    private static Store connect(StoreProperties p, Clock clock, Path truthFile) {
        ClientSettings c = clientSettings(p);
        return SimClientStore.connect(new InetSocketAddress(c.host(), c.port()), c.connections(), clock, truthFile);
    }

    /** Where a client of a simstore server connects, and over how many connections. */
    private record ClientSettings(String host, int port, int connections) {
    }

    private static ClientSettings clientSettings(StoreProperties p) {
        for (String modelKey : SimProperties.ALL) {
            boolean clientKey = modelKey.equals(SimProperties.HOST) || modelKey.equals(SimProperties.PORT)
                    || modelKey.equals(SimProperties.CONNECTIONS) || modelKey.equals(SimProperties.TRUTH_FILE);
            if (!clientKey && p.contains(modelKey)) {
                throw new StoreConfigException(modelKey, p.get(modelKey), "has no effect on a client of a simstore "
                        + "server (sim.host/sim.port are set); configure the server instead");
            }
        }
        String host = p.get(SimProperties.HOST, SimProperties.DEFAULT_HOST);
        int port = p.getInt(SimProperties.PORT, -1);
        if (port < 1 || port > 65535) {
            throw new StoreConfigException(SimProperties.PORT, p.get(SimProperties.PORT, "(missing)"),
                    "must be the simstore server's port, 1..65535");
        }
        int connections = p.getInt(SimProperties.CONNECTIONS, SimProperties.DEFAULT_CONNECTIONS);
        if (connections < 1 || connections > 256) {
            throw new StoreConfigException(SimProperties.CONNECTIONS, p.get(SimProperties.CONNECTIONS), "must be in 1..256");
        }
        return new ClientSettings(host, port, connections);
    }
}
