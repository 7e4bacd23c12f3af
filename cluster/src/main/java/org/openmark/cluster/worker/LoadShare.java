package org.openmark.cluster.worker;

import static org.openmark.run.RunProperties.THREADCOUNT;

import java.util.HashMap;
import java.util.Map;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.workload.CoreWorkloadConfig;
import org.openmark.workload.CoreWorkloads;
import org.openmark.workload.Workloads;

/** A worker's part of a load phase, as a load configuration of its own ({@code cfg.share()} says which part). */
final class LoadShare {
    private LoadShare() {
    }

    /** All the records, with this worker's part of -threads (each worker loads a store of its own). */
    static RunConfig threads(RunConfig cfg, Settings settings) {
        Map<String, String> m = new HashMap<>(settings.asMap());
        m.put(THREADCOUNT, String.valueOf(Math.max(1, cfg.share().part(cfg.model().forLoad().threads()))));
        return RunConfigParser.parse(Phase.LOAD, Settings.of(m), null, true);
    }

    /** This worker's part of the key range (YCSB's insertstart/insertcount) and of the threads (a shared store). */
    static RunConfig partition(RunConfig cfg, Settings settings) {
        String workload = settings.getString(Workloads.PROPERTY, Workloads.DEFAULT);
        if (!CoreWorkloads.isCore(workload)) {
            throw ConfigException.of(Workloads.PROPERTY, workload, "cannot be split over workers that share one store:"
                    + " load it with one process (bin/openmark load without --cluster), then run with --cluster");
        }
        CoreWorkloadConfig core = CoreWorkloadConfig.from(settings);
        Map<String, String> m = new HashMap<>(settings.asMap());
        m.put("insertstart", String.valueOf(core.insertStart() + cfg.share().first(core.insertCount())));
        m.put("insertcount", String.valueOf(cfg.share().part(core.insertCount())));
        m.put(THREADCOUNT, String.valueOf(Math.max(1, cfg.share().part(cfg.model().forLoad().threads()))));
        return RunConfigParser.parse(Phase.LOAD, Settings.of(m), null, true);
    }
}
