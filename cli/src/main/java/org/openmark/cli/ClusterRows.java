package org.openmark.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.openmark.api.Clock;
import org.openmark.api.StoreProperties;
import org.openmark.cluster.ClusterSession;
import org.openmark.cluster.HostPort;
import org.openmark.config.Settings;
import org.openmark.experiment.CoordinatedOmissionExperiment;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.store.sim.config.SimProperties;
import org.openmark.store.sim.engine.SerializedEngine;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.server.SimServer;

/**
 * The coordinated-omission experiment's rows over a cluster: each row gets a fresh simulated
 * store server in the coordinator's process, which every worker drives, so its one queue (λmax,
 * the hiccup) sees the merged load. The server's time starts at the first request, so the hiccup
 * falls at its time into the run however long the workers took to get ready.
 */
final class ClusterRows implements CoordinatedOmissionExperiment.RowRunner {
    private final ClusterSession session;
    private final HostPort bind;

    ClusterRows(ClusterSession session, HostPort bind) {
        this.session = session;
        this.bind = bind;
    }

    @Override
    public RunResult run(RunConfig row) throws InterruptedException, IOException {
        Map<String, String> model = new TreeMap<>();
        Map<String, String> rest = new HashMap<>();
        row.settings().asMap().forEach((k, v) -> (k.startsWith("sim.") ? model : rest).put(k, v));
        SimConfig config = SimProperties.config(StoreProperties.of(model));
        InetAddress host = bind.host().equals("0.0.0.0") || bind.host().equals("::")
                ? InetAddress.getLocalHost() : InetAddress.getByName(bind.host());
        try (SimServer server = SimServer.start(config, host, 0, Clock.system(), SerializedEngine.Epoch.FIRST_REQUEST)) {
            rest.put(SimProperties.HOST, host.getHostAddress());
            rest.put(SimProperties.PORT, String.valueOf(server.port()));
            return session.run(RunConfigParser.parse(Phase.RUN, Settings.of(rest), row.output().outDir(), true));
        }
    }
}
