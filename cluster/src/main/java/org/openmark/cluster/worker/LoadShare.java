package org.openmark.cluster.worker;

import org.openmark.config.ConfigException;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigBuilder;
import org.openmark.workload.CoreWorkloadConfig;
import org.openmark.workload.Workloads;

/**
 * A worker's part of a load phase, as a load configuration of its own ({@code cfg.share()} says which
 * part), derived from the worker's configuration in typed form: its workload loads the records the
 * derived configuration names.
 */
final class LoadShare {
    private LoadShare() {
    }

    /** All the records, with this worker's part of -threads (each worker loads a store of its own). */
    static RunConfig threads(RunConfig cfg) {
        return RunConfigBuilder.parent(cfg).load().threads(threadsPart(cfg)).build();
    }

    /** This worker's part of the key range (YCSB's insertstart/insertcount) and of the threads (a shared store). */
    static RunConfig partition(RunConfig cfg) {
        if (!(cfg.workload() instanceof CoreWorkloadConfig core)) {
            throw ConfigException.of(Workloads.PROPERTY, cfg.given(Workloads.PROPERTY).orElse(Workloads.DEFAULT),
                    "cannot be split over workers that share one store: load it with one process (bin/openmark load"
                    + " without --cluster), then run with --cluster");
        }
        return RunConfigBuilder.parent(cfg).load().insertRange(core.insertStart()
                + cfg.share().first(core.insertCount()), cfg.share().part(core.insertCount()))
                .threads(threadsPart(cfg)).build();
    }

    private static int threadsPart(RunConfig cfg) {
        return (int) Math.max(1, cfg.share().part(cfg.model().forLoad().threads()));
    }
}
